import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNoticesTexts } from '@/lib/i18n/notices-texts';
import { NoticeAttachments } from './notice-attachments';

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F30) NetType/WIFI Language/zh_CN';

const PDF = {
  id: 1,
  name: '指南.pdf',
  size: 2048,
  inline: true,
  link: '/api/blade-desk/notice/attachment/1?sig=a',
};
const PICTURE = {
  id: 2,
  name: '进度.png',
  size: 1024,
  inline: true,
  link: '/api/blade-desk/notice/attachment/2?sig=b',
};
const SHEET = {
  id: 3,
  name: '名单.xlsx',
  size: 4096,
  inline: false,
  link: '/api/blade-desk/notice/attachment/3?sig=c',
};

const links = () => screen.getAllByTestId('notice-attachment');

describe('notice attachments', () => {
  beforeAll(() => loadNoticesTexts());
  afterEach(() => vi.restoreAllMocks());

  it('opens PDFs and pictures in place and downloads other types', () => {
    render(<NoticeAttachments attachments={[PDF, PICTURE, SHEET]} />);
    const [pdf, picture, sheet] = links();
    expect(pdf!.getAttribute('href')).toBe(PDF.link);
    expect(pdf!.hasAttribute('download')).toBe(false);
    expect(picture!.hasAttribute('download')).toBe(false);
    expect(pdf!.getAttribute('aria-label')).toBe('打开 指南.pdf（2.0 KB）');
    expect(sheet!.getAttribute('download')).toBe('名单.xlsx');
    expect(sheet!.getAttribute('aria-label')).toBe('下载 名单.xlsx（4.0 KB）');
    // Outside WeChat a download works: no guide.
    expect(screen.queryByTestId('notice-wechat-guide')).toBeNull();
  });

  it('inside WeChat, guides to the browser for the types it cannot open', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    render(<NoticeAttachments attachments={[PDF, SHEET]} />);
    expect(screen.getByTestId('notice-wechat-guide').textContent).toBe(
      '微信中无法下载附件（PDF 和图片可直接打开）：请点击右上角 ··· 在浏览器中打开',
    );
    expect(links()[0]!.hasAttribute('download')).toBe(false);
  });

  it('inside WeChat, no guide when every attachment opens in place', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    render(<NoticeAttachments attachments={[PDF, PICTURE]} />);
    expect(screen.queryByTestId('notice-wechat-guide')).toBeNull();
  });
});
