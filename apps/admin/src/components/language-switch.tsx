/** Chinese / English: each named in its own language, as every language switch does. */
import { Button, Space } from 'antd';
import { setLanguage, type Language } from '@admin/lib/i18n/i18n';
import { useT } from '@admin/lib/i18n/use-t';

const CHOICES: { value: Language; lang: string; key: 'lang.zh' | 'lang.en' }[] = [
  { value: 'zh', lang: 'zh-CN', key: 'lang.zh' },
  { value: 'en', lang: 'en', key: 'lang.en' },
];

export function LanguageSwitch() {
  const { t, language } = useT();
  return (
    <Space.Compact data-testid="language-switch" role="group" aria-label={t('lang.switch')}>
      {CHOICES.map((choice) => (
        <Button
          key={choice.value}
          size="small"
          lang={choice.lang}
          type={language === choice.value ? 'primary' : 'default'}
          aria-pressed={language === choice.value}
          onClick={() => setLanguage(choice.value)}
        >
          {t(choice.key)}
        </Button>
      ))}
    </Space.Compact>
  );
}
