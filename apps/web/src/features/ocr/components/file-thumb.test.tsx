import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPages } from '../../../test/render';
import { FileThumb } from './file-thumb';

describe('file thumbnail', () => {
  it('shows the file icon instead of a picture the browser cannot show', async () => {
    await renderPages({ '/': () => <FileThumb name="notes.png" mime="image/png" src="blob:broken" /> }, '/');
    const picture = await screen.findByTestId('file-thumb-image');
    fireEvent.error(picture);
    expect(await screen.findByTestId('file-thumb-icon')).toBeInTheDocument();
    expect(screen.queryByTestId('file-thumb-image')).not.toBeInTheDocument();
  });
});
