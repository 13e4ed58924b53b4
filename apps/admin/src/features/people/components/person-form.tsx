/** The edit form of one person in a drawer: name, held phone, and the class (students) or department (staff). */
import type { Person } from '@cf/shared/wire/admin-people';
import { Button, Descriptions, Drawer, Form, Input, InputNumber, Space } from 'antd';
import { useEffect } from 'react';
import { useT } from '@admin/lib/i18n/use-t';
import { usePerson } from '../api/get-person';
import { useUpdatePerson, type PersonUpdate } from '../api/update-person';

export function PersonForm({ person, onClose }: { person: Person | undefined; onClose: () => void }) {
  const { t } = useT();
  const [form] = Form.useForm<PersonUpdate>();
  const detail = usePerson(person?.personType ?? 'student', person?.id);
  const update = useUpdatePerson();
  useEffect(() => {
    if (person)
      form.setFieldsValue({
        name: person.name,
        phone: person.phone ?? '',
        major: person.major ?? '',
        className: person.className ?? '',
        startYear: person.startYear ?? undefined,
        department: person.department ?? '',
      });
  }, [person, form]);
  const submit = async (values: PersonUpdate) => {
    if (!person) return;
    await update.mutateAsync({ id: person.id, body: { ...values, personType: person.personType } });
    onClose();
  };
  const student = person?.personType === 'student';
  return (
    <Drawer open={!!person} onClose={onClose} title={t('people.edit')} size={480} destroyOnHidden>
      {person ? (
        <>
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('people.personNo')}>
              <span data-user-data>{person.personNo}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('people.idCard')}>
              <span data-user-data data-testid="person-id-card">
                {detail.data?.idCard ?? person.idCardMasked}
              </span>
            </Descriptions.Item>
          </Descriptions>
          <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} data-testid="person-form">
            <Form.Item
              name="name"
              label={t('people.name')}
              rules={[{ required: true, whitespace: true, message: t('people.nameRequired') }]}
            >
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item
              name="phone"
              label={t('people.phone')}
              rules={[{ pattern: /^(1\d{10})?$/, message: t('people.phoneInvalid') }]}
            >
              <Input maxLength={11} />
            </Form.Item>
            {student ? (
              <>
                <Form.Item name="major" label={t('people.major')}>
                  <Input maxLength={64} />
                </Form.Item>
                <Form.Item name="className" label={t('people.className')}>
                  <Input maxLength={64} />
                </Form.Item>
                <Form.Item name="startYear" label={t('people.startYear')}>
                  <InputNumber min={1900} max={2200} style={{ width: '100%' }} />
                </Form.Item>
              </>
            ) : (
              <Form.Item name="department" label={t('people.department')}>
                <Input maxLength={64} />
              </Form.Item>
            )}
            <Space>
              <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="person-save">
                {t('common.save')}
              </Button>
              <Button onClick={onClose}>{t('common.cancel')}</Button>
            </Space>
          </Form>
        </>
      ) : null}
    </Drawer>
  );
}
