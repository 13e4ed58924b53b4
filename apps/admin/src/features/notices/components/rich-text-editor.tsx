/**
 * The notice editor (TipTap): text formatting, headings, lists, quotes, links, tables and images of
 * the notice's own attachments — what the server's allow-list keeps (modules/notice/sanitize.ts), so
 * what is written is what is stored. Loaded lazily (lazy-rich-text-editor.tsx): TipTap and
 * ProseMirror are a chunk of their own, fetched when an editor first opens, never on the first screen.
 */
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Dropdown, Input, Popover, Space, Tooltip } from 'antd';
import { useState, type ReactNode } from 'react';
import type { TextKey } from '@admin/lib/i18n/i18n';
import { useT } from '@admin/lib/i18n/use-t';
import styles from './rich-text-editor.module.css';

export interface RichTextEditorProps {
  /** The HTML the editor starts with (later changes of it are not read: remount with a key). */
  initialHtml: string;
  onChange: (html: string) => void;
  /** Image attachments of the notice, offered for insertion. */
  images: { id: number; name: string; url: string }[];
  label: string;
  testId?: string;
}

const LINK = /^(https?:\/\/|mailto:)/i;

function ToolButton({
  title,
  icon,
  active,
  disabled,
  onClick,
  children,
}: {
  title: string;
  icon?: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children?: ReactNode;
}) {
  return (
    <Tooltip title={title}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        icon={icon}
        aria-label={title}
        aria-pressed={active}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

function LinkButton({ editor }: { editor: Editor }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const apply = () => {
    const value = href.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (!value) chain.unsetLink().run();
    else if (LINK.test(value)) chain.setLink({ href: value }).run();
    else return;
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setHref((editor.getAttributes('link').href as string | undefined) ?? '');
      }}
      trigger="click"
      content={
        <Space.Compact>
          <Input
            autoFocus
            value={href}
            placeholder="https://"
            aria-label={t('notices.editor.linkAddress')}
            status={href.trim() && !LINK.test(href.trim()) ? 'error' : undefined}
            onChange={(event) => setHref(event.target.value)}
            onPressEnter={apply}
            style={{ width: 280 }}
          />
          <Button type="primary" onClick={apply}>
            {t('common.confirm')}
          </Button>
        </Space.Compact>
      }
    >
      <Tooltip title={t('notices.editor.link')}>
        <Button
          size="small"
          type={editor.isActive('link') ? 'primary' : 'text'}
          icon={<LinkOutlined />}
          aria-label={t('notices.editor.link')}
        />
      </Tooltip>
    </Popover>
  );
}

function Toolbar({ editor, images }: { editor: Editor; images: RichTextEditorProps['images'] }) {
  const { t } = useT();
  // Re-render the toolbar as the selection moves (active marks), not on every transaction of the page.
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      table: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const button = (key: TextKey, icon: ReactNode, active: boolean, run: () => void, text?: string) => (
    <ToolButton key={key} title={t(key)} icon={icon} active={active} onClick={run}>
      {text}
    </ToolButton>
  );
  return (
    <div className={styles.toolbar} role="toolbar" aria-label={t('notices.editor.toolbar')}>
      {button('notices.editor.bold', <BoldOutlined />, state.bold, () => chain().toggleBold().run())}
      {button('notices.editor.italic', <ItalicOutlined />, state.italic, () => chain().toggleItalic().run())}
      {button('notices.editor.underline', <UnderlineOutlined />, state.underline, () =>
        chain().toggleUnderline().run(),
      )}
      {button('notices.editor.strike', <StrikethroughOutlined />, state.strike, () =>
        chain().toggleStrike().run(),
      )}
      {button(
        'notices.editor.heading2',
        undefined,
        state.h2,
        () => chain().toggleHeading({ level: 2 }).run(),
        'H2',
      )}
      {button(
        'notices.editor.heading3',
        undefined,
        state.h3,
        () => chain().toggleHeading({ level: 3 }).run(),
        'H3',
      )}
      {button('notices.editor.bulletList', <UnorderedListOutlined />, state.bullet, () =>
        chain().toggleBulletList().run(),
      )}
      {button('notices.editor.orderedList', <OrderedListOutlined />, state.ordered, () =>
        chain().toggleOrderedList().run(),
      )}
      {button('notices.editor.quote', undefined, state.quote, () => chain().toggleBlockquote().run(), '❝')}
      <LinkButton editor={editor} />
      <Dropdown
        trigger={['click']}
        disabled={images.length === 0}
        menu={{
          items: images.map((image) => ({ key: String(image.id), label: image.name })),
          onClick: ({ key }) => {
            const image = images.find((i) => String(i.id) === key);
            if (image) chain().setImage({ src: image.url, alt: image.name }).run();
          },
        }}
      >
        <Tooltip title={images.length ? t('notices.editor.image') : t('notices.editor.imageNone')}>
          <Button
            size="small"
            type="text"
            icon={<PictureOutlined />}
            aria-label={t('notices.editor.image')}
            disabled={images.length === 0}
          />
        </Tooltip>
      </Dropdown>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'insert', label: t('notices.editor.tableInsert') },
            { key: 'row', label: t('notices.editor.tableAddRow'), disabled: !state.table },
            { key: 'column', label: t('notices.editor.tableAddColumn'), disabled: !state.table },
            { key: 'deleteRow', label: t('notices.editor.tableDeleteRow'), disabled: !state.table },
            { key: 'deleteColumn', label: t('notices.editor.tableDeleteColumn'), disabled: !state.table },
            { key: 'delete', label: t('notices.editor.tableDelete'), disabled: !state.table, danger: true },
          ],
          onClick: ({ key }) => {
            const c = chain();
            if (key === 'insert') c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run();
            if (key === 'row') c.addRowAfter().run();
            if (key === 'column') c.addColumnAfter().run();
            if (key === 'deleteRow') c.deleteRow().run();
            if (key === 'deleteColumn') c.deleteColumn().run();
            if (key === 'delete') c.deleteTable().run();
          },
        }}
      >
        <Tooltip title={t('notices.editor.table')}>
          <Button
            size="small"
            type={state.table ? 'primary' : 'text'}
            icon={<TableOutlined />}
            aria-label={t('notices.editor.table')}
          />
        </Tooltip>
      </Dropdown>
      <ToolButton
        title={t('notices.editor.undo')}
        icon={<UndoOutlined />}
        disabled={!state.canUndo}
        onClick={() => chain().undo().run()}
      />
      <ToolButton
        title={t('notices.editor.redo')}
        icon={<RedoOutlined />}
        disabled={!state.canRedo}
        onClick={() => chain().redo().run()}
      />
    </div>
  );
}

export default function RichTextEditor({
  initialHtml,
  onChange,
  images,
  label,
  testId,
}: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // The allow-list's link schemes; a click in the editor edits, it does not follow.
        link: { openOnClick: false, autolink: true, protocols: ['mailto'], defaultProtocol: 'https' },
        codeBlock: false,
      }),
      Image.configure({ inline: false, allowBase64: false }),
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        ...(testId ? { 'data-testid': testId } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  return (
    <div className={styles.box}>
      {editor ? <Toolbar editor={editor} images={images} /> : null}
      <EditorContent editor={editor} className={styles.editor} />
    </div>
  );
}
