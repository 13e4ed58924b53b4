/**
 * A new reminder: who (one item, then year, grade, college, class, due day, an amount floor, payments
 * under review left out), how many that is and what they owe, one person's message in both channels,
 * then send now or at a time. The count is the server's (the payer's own figure, 待缴); sending asks
 * again and confirms with the number.
 */
import { formatYuan, parseYuan } from '@cf/shared/money';
import type { AudienceRequest, Campaign, ReminderFilterInput } from '@cf/shared/wire/admin-reminders';
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Divider,
  Empty,
  Flex,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Statistic,
} from 'antd';
import { useState, type ReactNode } from 'react';
import { useT } from '@admin/lib/i18n/use-t';
import { useAudience } from '../api/count-audience';
import { useReminderOptions } from '../api/get-reminder-options';
import { useSendCampaign } from '../api/send-campaign';
import { MessagePreview } from './message-preview';

/** What antd's DatePicker holds (dayjs), as much as this form uses. */
interface Day {
  format(pattern: string): string;
}

interface Values {
  itemCode?: string;
  schoolYear?: string;
  startYear?: number;
  college?: string;
  className?: string;
  dueBefore?: Day;
  minOwed?: string;
  skipPendingReview?: boolean;
}

/** A chosen item, college or class as the school named it (the English screens' Han check skips it). */
const userData = ({ label }: { label?: ReactNode }) => <span data-user-data>{label}</span>;

/** The form as the wire's filter: empty choices left out, yuan as fen. */
function filterOf(v: Values): ReminderFilterInput {
  const minOwedFen = v.minOwed?.trim() ? (parseYuan(v.minOwed) ?? undefined) : undefined;
  return {
    itemCode: v.itemCode ?? '',
    ...(v.schoolYear ? { schoolYear: v.schoolYear } : {}),
    ...(v.startYear ? { startYear: v.startYear } : {}),
    ...(v.college ? { college: v.college } : {}),
    ...(v.className ? { className: v.className } : {}),
    ...(v.dueBefore ? { dueBefore: v.dueBefore.format('YYYY-MM-DD') } : {}),
    ...(minOwedFen ? { minOwedFen } : {}),
    skipPendingReview: !!v.skipPendingReview,
  };
}

export function NewReminder({ onSent }: { onSent: (campaign: Campaign) => void }) {
  const { t, language } = useT();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const options = useReminderOptions();
  const [asked, setAsked] = useState<AudienceRequest>();
  const [another, setAnother] = useState('');
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [sendAt, setSendAt] = useState<Day | null>(null);
  const audience = useAudience(asked);
  const sendCampaign = useSendCampaign();
  const itemCode = Form.useWatch('itemCode', form);
  const item = options.data?.items.find((i) => i.itemCode === itemCode);
  const result = audience.data;

  const any = { value: '', label: t('reminders.any') };
  const choices = (values: (string | number)[] | undefined, label = (v: string | number) => String(v)) => [
    any,
    ...(values ?? []).map((v) => ({ value: v, label: label(v) })),
  ];

  function count(values: Values) {
    setAnother('');
    setAsked(filterOf(values));
  }

  function send() {
    if (!asked || !result) return;
    const later = when === 'later';
    if (later && !sendAt) {
      void message.error(t('reminders.sendAtRequired'));
      return;
    }
    // The school's clock: a time chosen here is Beijing time.
    const at = later && sendAt ? `${sendAt.format('YYYY-MM-DDTHH:mm')}:00+08:00` : undefined;
    const { previewPerson: _previewPerson, ...filter } = asked;
    modal.confirm({
      title: later
        ? t('reminders.confirmLater', { time: sendAt!.format('YYYY-MM-DD HH:mm') })
        : t('reminders.confirmNow', { people: result.people }),
      content: t('reminders.onePerDay'),
      okText: t('reminders.send'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const campaign = await sendCampaign.mutateAsync({ ...filter, ...(at ? { sendAt: at } : {}) });
        void message.success(t('reminders.sent'));
        onSent(campaign);
      },
    });
  }

  return (
    <Flex vertical gap={16}>
      <Card title={t('reminders.who')} size="small">
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={count}
          data-testid="reminder-filter"
          initialValues={{ schoolYear: '', startYear: '', college: '', className: '' }}
        >
          <Row gutter={16}>
            <Col xs={24} lg={6}>
              <Form.Item
                name="itemCode"
                label={t('reminders.item')}
                rules={[{ required: true, message: t('reminders.pickItem') }]}
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  labelRender={userData}
                  data-user-data
                  loading={options.isLoading}
                  placeholder={t('reminders.pickItem')}
                  onChange={() => form.setFieldValue('schoolYear', '')}
                  options={(options.data?.items ?? []).map((i) => ({
                    value: i.itemCode,
                    label: `${language === 'en' && i.itemNameEn ? i.itemNameEn : i.itemName} (${i.itemCode})`,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} lg={5}>
              <Form.Item name="schoolYear" label={t('reminders.schoolYear')}>
                <Select
                  options={[
                    { value: '', label: t('reminders.allYears') },
                    ...choices(item?.schoolYears).slice(1),
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={12} lg={4}>
              <Form.Item name="startYear" label={t('reminders.grade')}>
                <Select
                  options={choices(options.data?.startYears, (y) => t('reminders.gradeOf', { year: y }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} lg={4}>
              <Form.Item name="college" label={t('reminders.college')}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  options={choices(options.data?.colleges)}
                />
              </Form.Item>
            </Col>
            <Col xs={12} lg={5}>
              <Form.Item name="className" label={t('reminders.className')}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  labelRender={userData}
                  data-user-data
                  options={choices(options.data?.classNames)}
                  data-testid="reminder-class"
                />
              </Form.Item>
            </Col>
            <Col xs={12} lg={8}>
              <Form.Item name="dueBefore" label={t('reminders.dueBefore')}>
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} lg={8}>
              <Form.Item
                name="minOwed"
                label={t('reminders.minOwed')}
                rules={[
                  {
                    validator: (_, value: string | undefined) => {
                      if (!value?.trim()) return Promise.resolve();
                      const fen = parseYuan(value);
                      return fen !== null && fen > 0
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('reminders.minOwedInvalid')));
                    },
                  },
                ]}
              >
                <Input inputMode="decimal" maxLength={12} />
              </Form.Item>
            </Col>
            <Col xs={24} lg={8}>
              <Form.Item name="skipPendingReview" valuePropName="checked" label=" ">
                <Checkbox>{t('reminders.skipPendingReview')}</Checkbox>
              </Form.Item>
            </Col>
          </Row>
          <Flex gap={16} align="center" wrap>
            <Button
              type="primary"
              htmlType="submit"
              loading={audience.isFetching}
              data-testid="reminder-count"
            >
              {t('reminders.count')}
            </Button>
            <span style={{ color: '#888' }}>{t('reminders.owedRule')}</span>
          </Flex>
        </Form>
      </Card>

      {result ? (
        <Card size="small" data-testid="reminder-audience">
          <Row gutter={48} style={{ marginBottom: 16 }}>
            <Col>
              <Statistic title={t('reminders.people')} value={result.people} data-testid="reminder-people" />
            </Col>
            <Col>
              <Statistic
                title={t('reminders.owed')}
                value={formatYuan(result.owedFen)}
                data-testid="reminder-owed"
              />
            </Col>
          </Row>
          {result.preview ? (
            <>
              <MessagePreview preview={result.preview} />
              <Space.Compact style={{ marginTop: 12, maxWidth: 420, width: '100%' }}>
                <Input
                  value={another}
                  maxLength={40}
                  placeholder={t('reminders.previewAnother')}
                  onChange={(e) => setAnother(e.target.value)}
                  onPressEnter={() =>
                    asked && setAsked({ ...asked, previewPerson: another.trim() || undefined })
                  }
                />
                <Button
                  onClick={() => asked && setAsked({ ...asked, previewPerson: another.trim() || undefined })}
                >
                  {t('reminders.previewGo')}
                </Button>
              </Space.Compact>
              <Divider style={{ margin: '20px 0 16px' }} />
              <Flex gap={16} align="center" wrap>
                <span>{t('reminders.when')}</span>
                <Radio.Group
                  value={when}
                  onChange={(e) => setWhen(e.target.value as 'now' | 'later')}
                  options={[
                    { value: 'now', label: t('reminders.sendNow') },
                    { value: 'later', label: t('reminders.sendLater') },
                  ]}
                />
                {when === 'later' ? (
                  <DatePicker
                    showTime={{ format: 'HH:mm' }}
                    format="YYYY-MM-DD HH:mm"
                    placeholder={t('reminders.sendAt')}
                    onChange={(value: Day | null) => setSendAt(value)}
                  />
                ) : null}
                <Button
                  type="primary"
                  onClick={send}
                  loading={sendCampaign.isPending}
                  data-testid="reminder-send"
                >
                  {t('reminders.send')}
                </Button>
              </Flex>
            </>
          ) : (
            <Empty description={t('reminders.nobody')} />
          )}
        </Card>
      ) : null}
    </Flex>
  );
}
