import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../lib/i18n';

/**
 * Shows the other language, in that language, so a user who cannot read this page can still find it. Its
 * accessible name is those words (a screen reader says "English" where the button shows it, in that language);
 * what it does is the title, in the page's language.
 */
export function LanguageToggle({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const next = i18n.language === 'ar' ? 'en' : 'ar';
  return (
    <Button
      variant="default"
      size="compact-md"
      onClick={() => void changeLanguage(next)}
      title={t('language.switchLabel')}
      lang={next}
      fullWidth={fullWidth}
      data-testid="language-toggle"
    >
      {t('language.switchTo')}
    </Button>
  );
}
