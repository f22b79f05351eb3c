import { describe, expect, it } from 'vitest';
import { confirmByPage } from './page-words.js';

describe('confirmByPage', () => {
  it('puts back a word the page prints beside the same neighbour, more often or as a place word', () => {
    expect(
      confirmByPage('SANYO STATIONERY SHOP', [
        'Owned By: SANYU SUPPLY SDN BHD',
        'Facebook : Sanyu.Stationery',
      ]),
    ).toBe('SANYU STATIONERY SHOP');
    expect(
      confirmByPage('CHECKERS HYPERMARKET SDN BHD (JALAN KLANG LANA)', ['SERI SENTOSA, OFF JLN KLANG LAMA,']),
    ).toBe('CHECKERS HYPERMARKET SDN BHD (JALAN KLANG LAMA)');
    expect(confirmByPage('Sanyo Stationery', ['sanyu stationery', 'SANYU'])).toBe('Sanyu Stationery');
    // The name's own lines among the page's are the name: they do not vouch for its reading.
    expect(
      confirmByPage('CHECKERS HYPERMARKET (JALAN KLANG LANA)', [
        'CHECKERS HYPERMARKET',
        '(JALAN KLANG LANA}',
        'SERI SENTOSA, OFF JLN KLANG LAMA,',
      ]),
    ).toBe('CHECKERS HYPERMARKET (JALAN KLANG LAMA)');
  });

  it('leaves the name as read otherwise', () => {
    // Not beside the same word.
    expect(confirmByPage('SANYO STATIONERY SHOP', ['SANYU SUPPLY', 'SANYU TRADING'])).toBe(
      'SANYO STATIONERY SHOP',
    );
    // As often as read, and no place word.
    expect(confirmByPage('SANYO STATIONERY SHOP', ['Sanyu.Stationery'])).toBe('SANYO STATIONERY SHOP');
    // The reading is printed in the same place too.
    expect(
      confirmByPage('SANYO STATIONERY', [
        'SANYU STATIONERY',
        'SANYU STATIONERY',
        'Facebook: SANYO STATIONERY',
      ]),
    ).toBe('SANYO STATIONERY');

    // Letters the engines do not confuse, and words too short to tell.
    expect(confirmByPage('LIAN HING STATIONERY', ['LIAK HING', 'LIAK HING'])).toBe('LIAN HING STATIONERY');
    expect(confirmByPage('KEDAI ABC (KL)', ['ABD (KL)', 'ABD (KL)'])).toBe('KEDAI ABC (KL)');
  });
});
