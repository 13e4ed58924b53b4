/**
 * Headings and quiet text in antd's theme, without antd's Typography (its copy/edit/ellipsis machinery
 * is 45 KB gz): the layout, every page's heading and the dashboard draw with these, so the first screen
 * a clerk sees stays within its budget (bench:web).
 */
import { theme } from 'antd';
import { createElement, type CSSProperties, type ReactNode } from 'react';

type Level = 3 | 4 | 5;

export function Heading({
  level,
  children,
  style,
}: {
  level: Level;
  children: ReactNode;
  style?: CSSProperties;
}) {
  const { token } = theme.useToken();
  const size = { 3: token.fontSizeHeading3, 4: token.fontSizeHeading4, 5: token.fontSizeHeading5 }[level];
  const lineHeight = {
    3: token.lineHeightHeading3,
    4: token.lineHeightHeading4,
    5: token.lineHeightHeading5,
  }[level];
  return createElement(
    `h${level}`,
    {
      style: {
        margin: 0,
        fontSize: size,
        lineHeight,
        fontWeight: token.fontWeightStrong,
        color: token.colorTextHeading,
        ...style,
      },
    },
    children,
  );
}

/** Secondary text (a hint, a count under a figure); `block` makes it a paragraph. */
export function Muted({ children, block }: { children: ReactNode; block?: boolean }) {
  const { token } = theme.useToken();
  const style: CSSProperties = { color: token.colorTextSecondary };
  return block ? (
    <p style={{ ...style, margin: '0 0 1em' }}>{children}</p>
  ) : (
    <span style={style}>{children}</span>
  );
}
