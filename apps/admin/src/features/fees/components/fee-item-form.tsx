/**
 * Create or edit a catalogue item in a modal. The kind decides the fields: manual items a unit price and
 * the most one order may buy; enrolment items a price; top-ups the lowest and highest amount. Extra form
 * fields (key, labels, type, required) for the order form; who may buy it; on sale or withdrawn.
 */
import { parseYuan, yuanDigits } from '@cf/shared/money';
import type { AdminFeeItem, FeeItemRequest } from '@cf/shared/wire/admin-fees';
import { Button, Checkbox, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { useT } from '@admin/lib/i18n/use-t';
import { useSaveFeeItem } from '../api/save-fee-item';

interface Values {
  kind: 'manual' | 'enroll' | 'topup';
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  price: string;
  maxQuantity: number;
  min: string;
  max: string;
  formFields: FeeItemRequest['formFields'];
  userTypes: ('student' | 'employee' | 'other')[];
  schoolYear: string;
  onSale: boolean;
  sort: number;
}

const yuanRule = (message: string) => ({
  validator: (_: unknown, value: string | undefined) =>
    value && parseYuan(value) !== null && parseYuan(value)! > 0
      ? Promise.resolve()
      : Promise.reject(new Error(message)),
});

export function FeeItemForm({
  item,
  open,
  onClose,
}: {
  item?: AdminFeeItem;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useT();
  const [form] = Form.useForm<Values>();
  const save = useSaveFeeItem();
  const kind = Form.useWatch('kind', form);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (item)
      form.setFieldsValue({
        kind: item.kind as Values['kind'],
        name: item.name,
        nameEn: item.nameEn,
        description: item.description,
        descriptionEn: item.descriptionEn,
        price: item.priceFen ? yuanDigits(item.priceFen) : '',
        maxQuantity: item.maxQuantity,
        min: item.minFen ? yuanDigits(item.minFen) : '',
        max: item.maxFen ? yuanDigits(item.maxFen) : '',
        formFields: item.formFields,
        userTypes: item.userTypes.split(',').filter(Boolean) as Values['userTypes'],
        schoolYear: item.schoolYear,
        onSale: item.status === 1,
        sort: item.sort,
      });
  }, [open, item, form]);

  const submit = async (v: Values) => {
    const body: FeeItemRequest = {
      kind: v.kind,
      name: v.name,
      nameEn: v.nameEn ?? '',
      description: v.description ?? '',
      descriptionEn: v.descriptionEn ?? '',
      priceFen: v.kind === 'topup' ? 0 : (parseYuan(v.price ?? '') ?? 0),
      maxQuantity: v.kind === 'manual' ? (v.maxQuantity ?? 1) : 1,
      minFen: v.kind === 'topup' ? (parseYuan(v.min ?? '') ?? 0) : 0,
      maxFen: v.kind === 'topup' ? (parseYuan(v.max ?? '') ?? 0) : 0,
      formFields: v.formFields ?? [],
      userTypes: v.userTypes ?? [],
      schoolYear: v.schoolYear ?? '',
      status: v.onSale === false ? 0 : 1,
      sort: v.sort ?? 0,
    };
    await save.mutateAsync({ id: item?.id, body });
    onClose();
  };

  return (
    <Modal
      open={open}
      title={item ? t('fees.editItem') : t('fees.newItem')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      confirmLoading={save.isPending}
      width={720}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          kind: 'manual',
          maxQuantity: 1,
          onSale: true,
          sort: 0,
          formFields: [],
          userTypes: [],
        }}
        onFinish={(v) => void submit(v)}
        data-testid="fee-item-form"
      >
        <Form.Item name="kind" label={t('fees.kind')}>
          <Radio.Group
            disabled={!!item}
            options={(['manual', 'enroll', 'topup'] as const).map((k) => ({
              value: k,
              label: t(`fees.kind.${k}`),
            }))}
          />
        </Form.Item>
        <Space.Compact block>
          <Form.Item
            name="name"
            label={t('fees.name')}
            style={{ flex: 1 }}
            rules={[{ required: true, whitespace: true, message: t('fees.nameRequired') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="nameEn" label={t('fees.nameEn')} style={{ flex: 1 }}>
            <Input maxLength={128} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="description" label={t('fees.description')}>
          <Input.TextArea maxLength={1000} autoSize={{ minRows: 2 }} />
        </Form.Item>
        <Form.Item name="descriptionEn" label={t('fees.descriptionEn')}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 2 }} />
        </Form.Item>
        {kind === 'topup' ? (
          <Space>
            <Form.Item name="min" label={t('fees.minYuan')} rules={[yuanRule(t('fees.amountInvalid'))]}>
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item name="max" label={t('fees.maxYuan')} rules={[yuanRule(t('fees.amountInvalid'))]}>
              <Input inputMode="decimal" />
            </Form.Item>
          </Space>
        ) : (
          <Space>
            <Form.Item name="price" label={t('fees.priceYuan')} rules={[yuanRule(t('fees.amountInvalid'))]}>
              <Input inputMode="decimal" data-testid="fee-item-price" />
            </Form.Item>
            {kind === 'manual' ? (
              <Form.Item name="maxQuantity" label={t('fees.maxQuantity')}>
                <InputNumber min={1} max={999} />
              </Form.Item>
            ) : null}
          </Space>
        )}
        <Form.Item name="userTypes" label={t('fees.userTypes')} extra={t('fees.userTypesHint')}>
          <Checkbox.Group
            options={(['student', 'employee', 'other'] as const).map((u) => ({
              value: u,
              label: t(`fees.userType.${u}`),
            }))}
          />
        </Form.Item>
        <Form.List name="formFields">
          {(fields, { add, remove }) => (
            <Form.Item label={t('fees.formFields')}>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" wrap>
                  <Form.Item
                    name={[field.name, 'key']}
                    rules={[
                      {
                        required: true,
                        pattern: /^[A-Za-z][A-Za-z0-9_]*$/,
                        message: t('fees.fieldKeyInvalid'),
                      },
                    ]}
                  >
                    <Input placeholder={t('fees.fieldKey')} maxLength={32} style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'label']}
                    rules={[{ required: true, message: t('fees.fieldLabelRequired') }]}
                  >
                    <Input placeholder={t('fees.fieldLabel')} maxLength={32} style={{ width: 120 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'labelEn']} initialValue="">
                    <Input placeholder={t('fees.fieldLabelEn')} maxLength={64} style={{ width: 120 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'type']} initialValue="text">
                    <Select
                      style={{ width: 100 }}
                      options={(['text', 'number', 'date', 'phone'] as const).map((v) => ({
                        value: v,
                        label: t(`fees.fieldType.${v}`),
                      }))}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'required']} valuePropName="checked" initialValue={false}>
                    <Checkbox>{t('fees.fieldRequired')}</Checkbox>
                  </Form.Item>
                  <Button type="link" danger onClick={() => remove(field.name)}>
                    {t('common.delete')}
                  </Button>
                </Space>
              ))}
              <Button onClick={() => add()} disabled={fields.length >= 20}>
                {t('fees.addField')}
              </Button>
            </Form.Item>
          )}
        </Form.List>
        <Space>
          <Form.Item name="schoolYear" label={t('fees.schoolYear')}>
            <Input maxLength={16} />
          </Form.Item>
          <Form.Item name="sort" label={t('fees.sort')}>
            <InputNumber min={0} max={9999} />
          </Form.Item>
          <Form.Item name="onSale" label={t('fees.onSale')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
