/**
 * Writing a notice: its fields and audience on the left, the phone's view of it on the right (as a
 * reader in either language would see it), its files below; save as a draft, publish, withdraw.
 * A new notice is stored as a draft on its first save (files attach to a stored notice).
 */
// Types only: a value of the wire files would bring zod (and its eval probe, refused by the CSP) along.
import type { AdminNotice, NOTICE_AUDIENCES, NoticeWriteRequest } from '@cf/shared/wire/notice';
import {
  App,
  Button,
  Checkbox,
  Drawer,
  Flex,
  Form,
  Input,
  Popconfirm,
  Radio,
  Segmented,
  Select,
  Skeleton,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import type { TextKey } from '@admin/lib/i18n/i18n';
import { useT } from '@admin/lib/i18n/use-t';
import { useCreateNotice } from '../api/create-notice';
import { useNotice } from '../api/get-notice';
import { useNoticeCategories } from '../api/list-categories';
import { usePublishNotice } from '../api/publish-notice';
import { useUpdateNotice } from '../api/update-notice';
import { useWithdrawNotice } from '../api/withdraw-notice';
import { LazyRichTextEditor } from './lazy-rich-text-editor';
import { NoticeAttachments } from './notice-attachments';
import { PhonePreview } from './phone-preview';

type Audience = (typeof NOTICE_AUDIENCES)[number];

interface FormValues {
  title: string;
  titleEn: string;
  category: string;
  authorDept: string;
  authorDeptEn: string;
  audienceMode: 'all' | 'some';
  audience: Audience[];
  content: string;
  contentEn: string;
}

export const STATUS_COLOR: Record<AdminNotice['status'], string> = {
  draft: 'default',
  published: 'green',
  withdrawn: 'red',
};
/** Every user type a notice may be for (the type makes it name each one of the wire's list). */
export const AUDIENCE_TEXT: Record<Audience, TextKey> = {
  student: 'notices.audience.student',
  employee: 'notices.audience.employee',
  other: 'notices.audience.other',
};
const AUDIENCES = Object.keys(AUDIENCE_TEXT) as Audience[];

const IMAGE_FILE = /\.(png|jpe?g|gif)$/i;

/** A new notice is the office's own: its department starts as the finance office (in both languages). */
const OWN_DEPT = { zh: '财务处', en: 'Finance Office' };

const valuesOf = (notice: AdminNotice | undefined): FormValues => ({
  title: notice?.title ?? '',
  titleEn: notice?.titleEn ?? '',
  category: notice?.category ?? '',
  authorDept: notice ? notice.authorDept : OWN_DEPT.zh,
  authorDeptEn: notice ? notice.authorDeptEn : OWN_DEPT.en,
  audienceMode: notice && notice.audience.length > 0 ? 'some' : 'all',
  audience: (notice?.audience ?? []) as Audience[],
  content: notice?.content ?? '',
  contentEn: notice?.contentEn ?? '',
});

const bodyOf = (v: FormValues): NoticeWriteRequest => ({
  title: v.title,
  titleEn: v.titleEn ?? '',
  category: v.category,
  authorDept: v.authorDept,
  authorDeptEn: v.authorDeptEn ?? '',
  content: v.content ?? '',
  contentEn: v.contentEn ?? '',
  audience: v.audienceMode === 'some' ? v.audience : [],
});

/** The editor as a form control: it reads its value once, at mount (the drawer remounts per notice). */
function EditorField({
  value,
  onChange,
  images,
  label,
  testId,
}: {
  value?: string;
  onChange?: (html: string) => void;
  images: { id: number; name: string; url: string }[];
  label: string;
  testId: string;
}) {
  return (
    <LazyRichTextEditor
      initialHtml={value ?? ''}
      onChange={(html) => onChange?.(html)}
      images={images}
      label={label}
      testId={testId}
    />
  );
}

function NoticeForm({
  notice,
  onSaved,
}: {
  notice: AdminNotice | undefined;
  onSaved: (n: AdminNotice) => void;
}) {
  const { t } = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const categories = useNoticeCategories();
  const create = useCreateNotice();
  const update = useUpdateNotice();
  const publish = usePublishNotice();
  const withdraw = useWithdrawNotice();
  const [previewLang, setPreviewLang] = useState<'zh' | 'en'>('zh');
  // useWatch answers nothing on the first render: the stored values stand in until it does.
  const watched = (Form.useWatch([], form) as Partial<FormValues> | undefined) ?? valuesOf(notice);
  const status = notice?.status ?? 'draft';
  const readOnly = status === 'withdrawn';
  const files = notice?.attachments ?? [];
  const images = files.filter((f) => IMAGE_FILE.test(f.name));

  const save = async (): Promise<AdminNotice | undefined> => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return undefined;
    const body = bodyOf({ ...valuesOf(notice), ...values });
    const saved = notice ? await update.mutateAsync({ id: notice.id, body }) : await create.mutateAsync(body);
    onSaved(saved);
    return saved;
  };

  const onSave = async () => {
    const saved = await save().catch(() => undefined);
    if (saved) void message.success(t(notice ? 'notices.saved' : 'notices.draftSaved'));
  };
  const onPublish = async () => {
    const saved = await save().catch(() => undefined);
    if (!saved) return;
    const published = await publish.mutateAsync(saved.id).catch(() => undefined);
    if (published) {
      onSaved(published);
      void message.success(t('notices.publishedNow'));
    }
  };
  const onWithdraw = async () => {
    if (!notice) return;
    const withdrawn = await withdraw.mutateAsync(notice.id).catch(() => undefined);
    if (withdrawn) {
      onSaved(withdrawn);
      void message.success(t('notices.withdrawnNow'));
    }
  };

  const categoryName =
    categories.data?.find((c) => c.key === watched.category)?.name ?? watched.category ?? '';
  const en = previewLang === 'en';
  const pick = (zh: string | undefined, english: string | undefined) =>
    en && english ? english : (zh ?? '');
  const busy = create.isPending || update.isPending || publish.isPending || withdraw.isPending;

  return (
    <Flex gap={24} align="flex-start">
      <div style={{ flex: 1, minWidth: 0 }}>
        <Form<FormValues>
          form={form}
          layout="vertical"
          initialValues={valuesOf(notice)}
          disabled={readOnly}
          data-testid="notice-form"
        >
          <Flex gap={16}>
            <Form.Item
              name="title"
              label={t('notices.field.title')}
              rules={[
                { required: true, whitespace: true, message: t('notices.field.titleRequired') },
                { max: 200 },
              ]}
              style={{ flex: 2 }}
            >
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item
              name="category"
              label={t('notices.field.category')}
              rules={[{ required: true, message: t('notices.field.categoryRequired') }]}
              style={{ flex: 1 }}
            >
              <Select
                loading={categories.isPending}
                options={(categories.data ?? []).map((c) => ({ value: c.key, label: c.name }))}
              />
            </Form.Item>
          </Flex>
          <Flex gap={16}>
            <Form.Item
              name="authorDept"
              label={t('notices.field.authorDept')}
              rules={[{ required: true, whitespace: true, message: t('notices.field.authorDeptRequired') }]}
              style={{ flex: 1 }}
            >
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="audienceMode" label={t('notices.field.audience')} style={{ flex: 1 }}>
              <Radio.Group
                options={[
                  { value: 'all', label: t('notices.audience.all') },
                  { value: 'some', label: t('notices.audience.some') },
                ]}
              />
            </Form.Item>
          </Flex>
          {watched.audienceMode === 'some' ? (
            <Form.Item
              name="audience"
              label={t('notices.field.audienceTypes')}
              rules={[
                { required: true, type: 'array', min: 1, message: t('notices.field.audienceRequired') },
              ]}
            >
              <Checkbox.Group options={AUDIENCES.map((a) => ({ value: a, label: t(AUDIENCE_TEXT[a]) }))} />
            </Form.Item>
          ) : null}
          <Tabs
            items={[
              {
                key: 'zh',
                label: t('notices.tab.chinese'),
                forceRender: true,
                children: (
                  <Form.Item name="content" label={t('notices.field.content')}>
                    <EditorField images={images} label={t('notices.field.content')} testId="notice-editor" />
                  </Form.Item>
                ),
              },
              {
                key: 'en',
                label: t('notices.tab.english'),
                forceRender: true,
                children: (
                  <>
                    <Flex gap={16}>
                      <Form.Item name="titleEn" label={t('notices.field.titleEn')} style={{ flex: 2 }}>
                        <Input maxLength={200} />
                      </Form.Item>
                      <Form.Item
                        name="authorDeptEn"
                        label={t('notices.field.authorDeptEn')}
                        style={{ flex: 1 }}
                      >
                        <Input maxLength={100} />
                      </Form.Item>
                    </Flex>
                    <Form.Item
                      name="contentEn"
                      label={t('notices.field.contentEn')}
                      extra={t('notices.field.englishHint')}
                    >
                      <EditorField
                        images={images}
                        label={t('notices.field.contentEn')}
                        testId="notice-editor-en"
                      />
                    </Form.Item>
                  </>
                ),
              },
            ]}
          />
        </Form>
        <section aria-label={t('notices.field.attachments')} style={{ marginBottom: 24 }}>
          <Typography.Title level={5}>{t('notices.field.attachments')}</Typography.Title>
          <NoticeAttachments
            noticeId={notice?.id}
            files={files}
            readOnly={readOnly}
            saveDraft={async () => {
              const saved = await save();
              if (saved) void message.success(t('notices.draftSaved'));
              return saved?.id;
            }}
          />
        </section>
        <Space>
          <Tag color={STATUS_COLOR[status]} data-testid="notice-status">
            {t(`notices.status.${status}`)}
          </Tag>
          {readOnly ? null : (
            <Button
              onClick={() => void onSave()}
              loading={create.isPending || update.isPending}
              disabled={busy}
            >
              {t(status === 'draft' ? 'notices.saveDraft' : 'notices.saveChanges')}
            </Button>
          )}
          {status === 'draft' ? (
            <Popconfirm
              title={t('notices.publishConfirm')}
              description={
                // English readers see the Chinese where the English is missing: say so before it goes out.
                !watched.titleEn?.trim() || !watched.contentEn?.trim() ? (
                  <span data-testid="notice-no-english" style={{ color: '#d46b08' }}>
                    {t(watched.titleEn?.trim() ? 'notices.noEnglishContent' : 'notices.noEnglish')}
                  </span>
                ) : undefined
              }
              okText={t('notices.publish')}
              cancelText={t('common.cancel')}
              onConfirm={() => onPublish()}
            >
              <Button type="primary" loading={publish.isPending} disabled={busy} data-testid="notice-publish">
                {t('notices.publish')}
              </Button>
            </Popconfirm>
          ) : null}
          {status === 'published' ? (
            <Popconfirm
              title={t('notices.withdrawConfirm')}
              okText={t('notices.withdraw')}
              okButtonProps={{ danger: true }}
              cancelText={t('common.cancel')}
              onConfirm={() => onWithdraw()}
            >
              <Button danger loading={withdraw.isPending} disabled={busy}>
                {t('notices.withdraw')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      </div>
      <Flex vertical gap={8} align="center">
        <Segmented
          value={previewLang}
          onChange={(value) => setPreviewLang(value as 'zh' | 'en')}
          options={[
            { value: 'zh', label: t('notices.preview.asChinese') },
            { value: 'en', label: t('notices.preview.asEnglish') },
          ]}
        />
        <PhonePreview
          noticeId={notice?.id}
          attachments={files}
          notice={{
            title: pick(watched.title, watched.titleEn),
            categoryName,
            authorDept: pick(watched.authorDept, watched.authorDeptEn),
            content: pick(watched.content, watched.contentEn),
            releaseTime: notice?.releaseTime ?? null,
          }}
        />
      </Flex>
    </Flex>
  );
}

/** The drawer: `noticeId` null for a new notice, a number to edit one; closed when undefined. */
export function NoticeEditorDrawer({
  noticeId,
  onClose,
}: {
  noticeId: number | null | undefined;
  onClose: () => void;
}) {
  const { t } = useT();
  // A new notice becomes a stored draft on its first save: from then on it is edited by id.
  const [savedId, setSavedId] = useState<number | undefined>(undefined);
  const id = noticeId ?? savedId;
  const notice = useNotice(noticeId === undefined ? undefined : id);
  const open = noticeId !== undefined;
  const loading = id !== undefined && notice.isPending;
  return (
    <Drawer
      open={open}
      onClose={() => {
        setSavedId(undefined);
        onClose();
      }}
      destroyOnHidden
      size="min(1240px, 100vw)"
      title={id === undefined ? t('notices.new') : t('notices.edit')}
    >
      {open && !loading ? (
        <NoticeForm
          // Remount when the first save gives the notice its id, so the form and editors read it.
          key={id ?? 'new'}
          notice={notice.data}
          onSaved={(saved) => setSavedId(saved.id)}
        />
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
