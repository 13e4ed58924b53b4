/**
 * The pay link as a QR code (an SVG data address for an <img>). The QR library loads on first use,
 * in a chunk of its own, so neither the shell nor the order screens carry it.
 */
export async function payLinkQrSource(url: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
