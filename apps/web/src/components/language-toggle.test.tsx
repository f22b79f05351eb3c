import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render';

describe('language button', () => {
  it('is named by the words it shows, in the language it switches to, and says what it does', async () => {
    await renderApp('/', 'en');
    const toArabic = screen.getByTestId('language-toggle');
    expect(toArabic).toHaveAccessibleName('العربية');
    expect(toArabic).toHaveAttribute('lang', 'ar');
    expect(toArabic).toHaveAttribute('title', 'Switch the language to Arabic');

    await userEvent.click(toArabic);
    const toEnglish = await screen.findByRole('button', { name: 'English' });
    expect(toEnglish).toHaveAttribute('lang', 'en');
    expect(toEnglish).toHaveAttribute('title', 'تغيير اللغة إلى الإنجليزية');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
