/** Helpers for the stories: read what the demo stand-ins hold (captcha text, SMS codes) and save screenshots. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';

const shots = path.resolve(import.meta.dirname, 'screenshots');

/** A 375 px screenshot of the current screen into e2e/screenshots (ignored by git). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

export async function captchaText(request: APIRequestContext, key: string): Promise<string> {
  const res = await request.get(`/api/dev/captcha/${key}`);
  return (await res.json()).data.text as string;
}

/** The newest 6-digit code texted to a phone by the SMS stand-in. */
export async function lastSmsCode(request: APIRequestContext, phone: string): Promise<string> {
  const res = await request.get(`/api/dev/outbox?phone=${phone}`);
  const messages = (await res.json()).data as { channel: string; body: string }[];
  const sms = messages.find((m) => m.channel === 'sms');
  const code = sms ? /\d{6}/.exec(sms.body)?.[0] : undefined;
  if (!code) throw new Error(`no SMS code for ${phone}`);
  return code;
}

export const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F30) NetType/WIFI Language/zh_CN';
