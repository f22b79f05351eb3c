import type { Page } from '@playwright/test';

/**
 * What a phone user cannot see on the page's main part: the page wider than the screen, a box that cuts
 * its content (a table in a scroll box, a filter bar), or anything laid out beyond the screen's edges. Text
 * cut on purpose with an ellipsis, inputs (their text scrolls), boxes with nothing to read in them and what is
 * not shown are left out.
 */
export function clippedContent(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `[${element.getAttribute('data-testid')}]` : ''}: ` +
      `"${(element.textContent ?? '').trim().slice(0, 40)}"`;
    if (document.documentElement.scrollWidth > width + 1) {
      found.push(`the page is ${document.documentElement.scrollWidth}px wide on a ${width}px screen`);
    }
    for (const element of document.querySelectorAll('main *')) {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      if (['INPUT', 'TEXTAREA', 'SELECT', 'OPTION'].includes(element.tagName)) continue;
      if (style.textOverflow === 'ellipsis' || (style.position === 'absolute' && box.width <= 1)) continue;
      // A box with no text or picture in it (a switch's track, say) hides nothing anyone reads.
      const empty = (element.textContent ?? '').trim() === '' && !element.querySelector('img, svg, canvas');
      const clips = !empty && ['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX);
      if (clips && element.scrollWidth > element.clientWidth + 1) {
        found.push(`${name(element)} cuts ${element.scrollWidth - element.clientWidth}px`);
      }
      if (box.right > width + 1 || box.left < -1) found.push(`${name(element)} lies beyond the screen`);
    }
    return found;
  });
}
