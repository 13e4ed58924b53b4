/**
 * Reminders scheduled per fee item: "N days before its due date, remind whoever still owes it". Add
 * one (item, optional year, days), see each with what it has sent, cancel it.
 */
import type { ReminderSchedule } from '@cf/shared/wire/admin-reminders';
import { App, Button, Card, Form, InputNumber, Popconfirm, Select, Table, Tag } from 'antd';
import { Cut, dateColumn, labelColumn, SecondLine, textColumn } from '@admin/components/columns';
import { formatDate, formatDateTime } from '@admin/lib/format';
import { useT } from '@admin/lib/i18n/use-t';
import { useAddSchedule } from '../api/add-schedule';
import { useCancelSchedule } from '../api/cancel-schedule';
import { useReminderOptions } from '../api/get-reminder-options';
import { useSchedules } from '../api/list-schedules';

interface Values {
  itemCode: string;
  schoolYear?: string;
  daysBefore: number;
}

export function SchedulesPanel() {
  const { t, language } = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const options = useReminderOptions();
  const schedules = useSchedules();
  const add = useAddSchedule();
  const cancel = useCancelSchedule();
  const itemCode = Form.useWatch('itemCode', form);
  const item = options.data?.items.find((i) => i.itemCode === itemCode);
  /** When the item falls due: the day, or the first and last day its receivables name. */
  const dueDays = (code: string) => {
    const owed = options.data?.items.find((i) => i.itemCode === code);
    if (!owed?.firstDue) return '';
    const [first, last] = [formatDate(owed.firstDue), formatDate(owed.lastDue)];
    return t('reminders.dueDays', { days: first === last ? first : `${first} – ${last}` });
  };
  const itemName = (s: { itemName: string; itemNameEn: string }) =>
    language === 'en' && s.itemNameEn ? s.itemNameEn : s.itemName;

  async function submit(values: Values) {
    await add.mutateAsync({
      itemCode: values.itemCode,
      daysBefore: values.daysBefore,
      ...(values.schoolYear ? { schoolYear: values.schoolYear } : {}),
    });
    void message.success(t('reminders.added'));
    form.resetFields();
  }

  return (
    <>
      <Card size="small" title={t('reminders.addSchedule')} style={{ marginBottom: 16 }}>
        <p style={{ marginTop: 0, color: '#666' }}>{t('reminders.scheduleHint')}</p>
        <Form<Values>
          form={form}
          layout="inline"
          initialValues={{ schoolYear: '', daysBefore: 7 }}
          onFinish={(values) => void submit(values).catch(() => undefined)}
          data-testid="reminder-schedule-form"
        >
          <Form.Item
            name="itemCode"
            label={t('reminders.item')}
            rules={[{ required: true, message: t('reminders.pickItem') }]}
          >
            <Select
              style={{ width: 220 }}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('reminders.pickItem')}
              labelRender={({ label }) => <span data-user-data>{label}</span>}
              data-user-data
              onChange={() => form.setFieldValue('schoolYear', '')}
              options={(options.data?.items ?? []).map((i) => ({
                value: i.itemCode,
                label: `${itemName(i)} (${i.itemCode})`,
              }))}
            />
          </Form.Item>
          <Form.Item name="schoolYear" label={t('reminders.schoolYear')}>
            <Select
              style={{ width: 140 }}
              options={[
                { value: '', label: t('reminders.allYears') },
                ...(item?.schoolYears ?? []).map((y) => ({ value: y, label: y })),
              ]}
            />
          </Form.Item>
          <Form.Item name="daysBefore" label={t('reminders.daysBefore')} rules={[{ required: true }]}>
            <InputNumber min={0} max={60} precision={0} style={{ width: 90 }} />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            loading={add.isPending}
            data-testid="reminder-schedule-add"
          >
            {t('reminders.add')}
          </Button>
        </Form>
      </Card>
      <Table<ReminderSchedule>
        rowKey="id"
        loading={schedules.isLoading}
        dataSource={schedules.data}
        pagination={false}
        data-testid="reminder-schedules"
        columns={[
          textColumn({
            title: t('reminders.item'),
            key: 'item',
            render: (_, s) => (
              <>
                <Cut
                  text={`${itemName(s)} (${s.itemCode})${s.schoolYear ? ` · ${s.schoolYear}` : ''}`}
                  userData
                />
                <Cut text={dueDays(s.itemCode)} secondary />
              </>
            ),
          }),
          labelColumn({
            title: t('reminders.daysBefore'),
            dataIndex: 'daysBefore',
            render: (days: number) => t('reminders.daysBeforeText', { days }),
          }),
          labelColumn({
            title: t('reminders.status'),
            key: 'status',
            render: (_, s) => (
              <>
                <Tag color={s.status === 'active' ? 'green' : 'default'}>
                  {t(`reminders.scheduleState.${s.status}`)}
                </Tag>
                <SecondLine>{t('reminders.madeCampaigns', { count: s.campaigns })}</SecondLine>
                {s.lastFiredAt ? (
                  <SecondLine>{t('reminders.lastFired', { time: formatDateTime(s.lastFiredAt) })}</SecondLine>
                ) : null}
              </>
            ),
          }),
          dateColumn({
            title: t('reminders.createdBy'),
            key: 'created',
            render: (_, s) => (
              <>
                {formatDateTime(s.createdAt)}
                <SecondLine>{s.createdBy}</SecondLine>
              </>
            ),
          }),
          labelColumn({
            title: t('common.actions'),
            key: 'actions',
            render: (_, s) =>
              s.status === 'active' ? (
                <Popconfirm
                  title={t('reminders.cancelConfirm')}
                  okText={t('reminders.cancel')}
                  cancelText={t('common.cancel')}
                  onConfirm={async () => {
                    await cancel.mutateAsync(s.id);
                    void message.success(t('reminders.cancelled'));
                  }}
                >
                  <Button type="link" size="small" danger data-testid="reminder-schedule-cancel">
                    {t('reminders.cancel')}
                  </Button>
                </Popconfirm>
              ) : null,
          }),
        ]}
      />
    </>
  );
}
