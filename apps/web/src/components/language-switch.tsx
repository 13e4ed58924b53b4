import { setLanguage, type Language } from '../lib/i18n/i18n';
import { useLanguage, useT } from '../lib/i18n/use-t';
import styles from './language-switch.module.css';

const LANGUAGES: Language[] = ['zh', 'en'];

/** Chinese / English; the choice is kept in localStorage under `language`. */
export function LanguageSwitch() {
  const t = useT();
  const language = useLanguage();
  return (
    <div className={styles.switch} role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang === 'zh' ? 'zh-CN' : 'en'}
          className={lang === language ? `${styles.option} ${styles.active}` : styles.option}
          aria-pressed={lang === language}
          onClick={() => void setLanguage(lang)}
        >
          {t(lang === 'zh' ? 'language.zh' : 'language.en')}
        </button>
      ))}
    </div>
  );
}
