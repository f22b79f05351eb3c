import { useDirection } from '@mantine/core';
import { useEffect } from 'react';
import { changeLanguage, directionOf, i18n } from '../lib/i18n';
import { getLanguage, subscribe } from '../lib/storage';

/** Mirrors Mantine with the page language, and follows a language chosen in another tab. */
export function LanguageSync() {
  const { setDirection } = useDirection();

  useEffect(() => {
    setDirection(directionOf(i18n.language));
    const onChange = (language: string) => setDirection(directionOf(language));
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [setDirection]);

  useEffect(
    () =>
      subscribe(() => {
        const stored = getLanguage();
        if (stored !== i18n.language) void changeLanguage(stored);
      }),
    [],
  );

  return null;
}
