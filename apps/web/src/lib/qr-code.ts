/**
 * A QR code as an SVG data address for an <img> (a pay link, WeChat Pay Native's code_url). The QR
 * library loads on first use, in a chunk of its own, so neither the shell nor the first screens carry it.
 */
export async function qrCodeSource(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
