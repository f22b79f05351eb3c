import { createTheme } from '@mantine/core';

// Latin glyphs come from Noto Sans, Arabic ones from Noto Sans Arabic (each face declares its unicode range),
// both self-hosted through @fontsource so no font is fetched from a CDN.
const fontFamily = '"Noto Sans", "Noto Sans Arabic", system-ui, -apple-system, "Segoe UI", sans-serif';

export const theme = createTheme({
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  primaryColor: 'indigo',
  defaultRadius: 'md',
  focusRing: 'auto',
});
