/**
 * An amount in fen written in Chinese capitals as on a bill (人民币大写): 壹佰元整, 壹仟零伍元叁角整,
 * 叁佰贰拾伍元零肆分. Zeros inside a number collapse into one 零; an amount ending at 元 or 角 ends
 * with 整, one ending at 分 does not (the banks' writing rules).
 */
const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const PLACES = ['仟', '佰', '拾', ''];

/** 0..9999 without leading 零 (the caller decides about a 零 before it). */
function section(value: number): string {
  let out = '';
  let zero = false;
  const digits = String(value).padStart(4, '0');
  for (let i = 0; i < 4; i++) {
    const d = Number(digits[i]);
    if (d === 0) {
      if (out) zero = true;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGITS[d]! + PLACES[i]!;
  }
  return out;
}

/** 1..99 999 999 yuan: 万 and the ones below it. */
function belowYi(yuan: number): string {
  const high = Math.floor(yuan / 10_000);
  const low = yuan % 10_000;
  let out = high ? section(high) + '万' : '';
  if (low) out += (high && low < 1000 ? '零' : '') + section(low);
  return out;
}

/** Whole yuan; 亿 repeats for amounts past 万亿 (玖拾万零柒佰壹拾玖亿…). */
function yuanInCapitals(yuan: number): string {
  if (yuan < 100_000_000) return belowYi(yuan);
  const rest = yuan % 100_000_000;
  const head = yuanInCapitals(Math.floor(yuan / 100_000_000)) + '亿';
  return rest === 0 ? head : head + (rest < 10_000_000 ? '零' : '') + belowYi(rest);
}

export function fenInChineseCapitals(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`not an amount in fen: ${fen}`);
  if (fen === 0) return '零元整';
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  let out = yuan > 0 ? yuanInCapitals(yuan) + '元' : '';
  if (jiao > 0) out += DIGITS[jiao]! + '角';
  else if (cents > 0 && yuan > 0) out += '零';
  if (cents > 0) return out + DIGITS[cents]! + '分';
  return out + '整';
}
