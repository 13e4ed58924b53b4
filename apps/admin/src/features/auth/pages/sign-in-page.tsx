/**
 * Sign-in of the finance office: school, account, password and the image captcha, against the same
 * token endpoint as the phone app (features/auth/api/sign-in.ts). A wrong captcha or password shows the
 * server's message and a new captcha; a person without a finance role is refused in words.
 */
import { Alert, Button, Card, Flex, Form, Input, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { LanguageSwitch } from '@admin/components/language-switch';
import { useT } from '@admin/lib/i18n/use-t';
import { useSession } from '@admin/lib/use-session';
import { useCaptcha } from '../api/get-captcha';
import { usePublicTenants } from '../api/get-public-tenants';
import { useSignIn, type SignInForm } from '../api/sign-in';
import { lastSchool, rememberSchool } from '../last-school';

type Fields = Omit<SignInForm, 'captchaKey'>;

export function SignInPage() {
  const { t, language } = useT();
  const { level } = useSession();
  const navigate = useNavigate();
  const [form] = Form.useForm<Fields>();
  const tenants = usePublicTenants();
  const captcha = useCaptcha();
  const signIn = useSignIn();
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    document.title = `${t('auth.heading')} · ${t('app.title')}`;
  }, [t, language]);

  // The school signed in to last time, once the schools are known (unless one was chosen meanwhile).
  useEffect(() => {
    const remembered = tenants.data && lastSchool(tenants.data);
    if (remembered && !form.getFieldValue('tenantId')) form.setFieldValue('tenantId', remembered);
  }, [tenants.data, form]);

  if (level) return <Navigate to="/dashboard" replace />;

  const submit = (fields: Fields) => {
    setFailure(undefined);
    signIn.mutate(
      { ...fields, captchaKey: captcha.data?.key ?? '' },
      {
        onSuccess: () => {
          rememberSchool(fields.tenantId);
          navigate('/dashboard', { replace: true });
        },
        onError: (error) => {
          setFailure(error.message);
          form.setFieldValue('captchaCode', '');
          void captcha.refetch();
        },
      },
    );
  };

  return (
    <Flex
      vertical
      align="center"
      justify="center"
      style={{ minHeight: '100vh', background: '#f5f7fa', padding: 24 }}
    >
      <Card style={{ width: 440, maxWidth: '100%' }}>
        <Flex justify="space-between" align="center" style={{ marginBottom: 24 }}>
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('auth.heading')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('app.productName')}</Typography.Text>
          </div>
          <LanguageSwitch />
        </Flex>
        {failure && (
          <Alert
            type="error"
            showIcon
            title={failure}
            style={{ marginBottom: 16 }}
            data-testid="sign-in-failure"
          />
        )}
        <Form<Fields> form={form} layout="vertical" requiredMark={false} onFinish={submit} name="sign-in">
          <Form.Item
            name="tenantId"
            label={t('auth.tenant')}
            rules={[{ required: true, message: t('auth.tenantRequired') }]}
          >
            <Select
              placeholder={t('auth.tenantRequired')}
              loading={tenants.isLoading}
              options={(tenants.data ?? []).map((tenant) => ({
                value: tenant.tenantId,
                label: (language === 'en' && tenant.tenantNameEn) || tenant.tenantName,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="account"
            label={t('auth.account')}
            rules={[{ required: true, message: t('auth.accountRequired') }]}
          >
            <Input autoComplete="username" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('auth.password')}
            rules={[{ required: true, message: t('auth.passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item label={t('auth.captcha')} required>
            <Flex gap={8}>
              <Form.Item
                name="captchaCode"
                noStyle
                rules={[{ required: true, message: t('auth.captchaRequired') }]}
              >
                <Input id="sign-in_captchaCode" aria-label={t('auth.captcha')} autoComplete="off" />
              </Form.Item>
              <button
                type="button"
                data-testid="captcha-refresh"
                onClick={() => void captcha.refetch()}
                style={{
                  padding: 0,
                  border: '1px solid #d9d9d9',
                  borderRadius: 6,
                  background: '#fff',
                  cursor: 'pointer',
                  height: 32,
                  width: 112,
                  flex: 'none',
                }}
              >
                {captcha.data && (
                  <img
                    src={captcha.data.image}
                    alt={t('auth.captchaImage')}
                    style={{ height: 30, width: 110, display: 'block' }}
                  />
                )}
              </button>
            </Flex>
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={signIn.isPending}>
            {t('auth.submit')}
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
