/**
 * Root font size = width / 320 × 15 px (spec §1), kept current on resize and rotation. Layout is in
 * rem, so every screen scales from 320 to 414 px. Wider screens (a desktop) are held at the
 * phone-sized column's width so the type does not grow without end.
 */
export const DESIGN_WIDTH = 320;
export const BASE_FONT_PX = 15;
export const MAX_LAYOUT_WIDTH = 540;

export const rootFontSize = (width: number): number =>
  (Math.min(width, MAX_LAYOUT_WIDTH) / DESIGN_WIDTH) * BASE_FONT_PX;

export function applyRootFontSize(doc: Document = document): void {
  const width = doc.documentElement.clientWidth || window.innerWidth;
  doc.documentElement.style.fontSize = `${rootFontSize(width)}px`;
}

export function keepRootFontSize(): () => void {
  applyRootFontSize();
  const update = () => applyRootFontSize();
  window.addEventListener('resize', update);
  window.addEventListener('orientationchange', update);
  return () => {
    window.removeEventListener('resize', update);
    window.removeEventListener('orientationchange', update);
  };
}
