import { describe, expect, it } from 'vitest';
import type { Line } from './layout.js';
import { pageOf, tableRows } from './lines.fixture.js';
import { oddities, vote } from './vote.js';

const reading = (rows: [number, string][][]): Line[] => pageOf(rows, 0.9);

const invoice = (
  seller: string,
  date: string,
  taxLabel: string,
  total: string,
  { number = 'AB-1001', due = null as string | null, tax = '15.00' } = {},
): Line[] =>
  reading([
    [[100, seller]],
    [[100, `Invoice No: ${number}`]],
    [[100, `Date: ${date}`]],
    ...(due === null ? [] : [[[100, due]] as [number, string][]]),
    [
      [100, 'Description'],
      [800, 'Qty'],
      [1000, 'Price'],
      [1200, 'Amount'],
    ],
    [
      [100, 'Desk Lamp'],
      [800, '2'],
      [1000, '50.00'],
      [1200, '100.00'],
    ],
    [
      [900, 'Subtotal'],
      [1200, '100.00'],
    ],
    [
      [900, taxLabel],
      [1200, tax],
    ],
    [
      [900, 'Total'],
      [1200, total],
    ],
  ]);

describe('vote', () => {
  it('takes the reading that adds up', () => {
    const { result } = vote([
      invoice('Cedar Lamps LLC', '2025-03-14', 'VAT', '151.00'),
      invoice('Cedar Lamps LLC', '2025-03-14', 'VAT', '115.00'),
    ]);
    expect(result.fields.total).toBe('115.00');
  });

  it("takes another reading's table when more of its rows multiply out, and not noise that does by chance", () => {
    const table = (rows: [string, string, string][], subtotal: string): Line[] =>
      reading([
        [[100, 'Cedar Lamps LLC']],
        [[100, 'Invoice No: AB-1001']],
        [
          [100, 'Description'],
          [800, 'Qty'],
          [1000, 'Price'],
          [1200, 'Amount'],
        ],
        ...rows.map(([q, p, a], i): [number, string][] => [
          [100, `Item ${'ABCDEF'[i]}`],
          [800, q],
          [1000, p],
          [1200, a],
        ]),
        [
          [900, 'Subtotal'],
          [1200, subtotal],
        ],
      ]);
    const full: [string, string, string][] = [
      ['2', '50.00', '100.00'],
      ['3', '12.00', '36.00'],
      ['4', '2.50', '10.00'],
    ];
    // The page reading lost the quantity and price columns; the block reading kept them.
    const lost = table(
      full.map(([, , a]) => ['', '', a]),
      '146.00',
    );
    const { result } = vote([lost, table(full, '146.00')]);
    expect(result.fields.line_items.map((l) => [l.quantity, l.unit_price, l.total])).toEqual(full);
    // Rows of a quantity of one, or of nothing, multiply out whatever was read: no reason to switch.
    const noise = table(
      [
        ['1', '7.00', '7.00'],
        ['5', '0.00', '0.00'],
        ['1', '2025.00', '2025.00'],
      ],
      '146.00',
    );
    const kept = vote([lost, noise]).result.fields.line_items.map((l) => l.total);
    expect(kept).toEqual(['100.00', '36.00', '10.00']);
  });

  it("takes a reading's whole table where the winner lost a page of it, and not a table of noise", () => {
    const table = (rows: [string, string, string, string][]): Line[] =>
      reading([[[100, 'Cedar Lamps LLC']], [[100, 'Invoice No: AB-1001']], ...tableRows(rows)]);
    // Eight rows, misread alike in both readings: two of them multiply out.
    const rows: [string, string, string, string][] = [
      ['Desk Lamp', '2', '50.00', '100.00'],
      ['Floor Lamp', '3', '12.00', '38.00'],
      ['Bulb', '4', '2.50', '10.00'],
      ['Shade', '5', '8.00', '41.00'],
      ['Cable', '6', '1.50', '9.50'],
      ['Switch', '7', '3.00', '22.00'],
      ['Plug', '8', '2.00', '17.00'],
      ['Dimmer', '9', '4.00', '37.00'],
    ];
    // The page reading kept the last four rows, the block reading all eight.
    const part = table(rows.slice(4));
    const whole = table(rows);
    const descriptions = (r: Line[][]): (string | null)[] =>
      vote(r).result.fields.line_items.map((l) => l.description);
    expect(descriptions([part, whole])).toEqual(rows.map(([d]) => d));
    // A winner with too few rows to hold in another reading keeps them: that one read noise as rows.
    expect(descriptions([table(rows.slice(6)), whole])).toEqual(['Plug', 'Dimmer']);
    // Rows the winner read that the other reading does not hold: another table, not a whole of this one.
    const other = table(rows.map(([d, q, p]) => [d, q, p, '99.00']));
    expect(descriptions([part, other])).toEqual(rows.slice(4).map(([d]) => d));
  });

  it("mends a row that does not multiply out from another reading's row at the same place that does", () => {
    const table = (rows: [string, string, string, string][], above: [number, string][][] = []): Line[] =>
      reading([[[100, 'Cedar Lamps LLC']], ...above, ...tableRows(rows)]);
    const truth: [string, string, string, string][] = [
      ['Desk Lamp', '2', '50.00', '100.00'],
      ['Floor Lamp', '3', '12.00', '36.00'],
      ['Bulb', '4', '2.50', '10.00'],
    ];
    // Each reading misread a digit of a different row: neither adds up better than the other.
    const first = table(truth.map((r, i) => (i === 1 ? ['Floor Lamp', '3', '17.00', '36.00'] : r)));
    const other = table(truth.map((r, i) => (i === 0 ? ['Desk Lamp', '2', '50.00', '180.00'] : r)));
    const figures = (r: Line[][]): string[][] =>
      vote(r).result.fields.line_items.map((l) => [l.quantity ?? '', l.unit_price ?? '', l.total ?? '']);
    expect(figures([first, other])).toEqual(truth.map(([, q, p, a]) => [q, p, a]));
    // A row read a line lower in the other reading is another row: it shares no figure with this one.
    const shifted = table(truth, [[[100, 'Invoice No: AB-1001']]]);
    expect(figures([first, shifted])[1]).toEqual(['3', '17.00', '36.00']);
  });

  it('keeps the total another reading found when the winner found none', () => {
    const rows = (total: string): [number, string][][] => [
      [[100, 'SOON HUAT MACHINERY']],
      [[100, 'Date: 28/09/2017']],
      [
        [100, 'Description'],
        [800, 'Qty'],
        [1000, 'Price'],
        [1200, 'Amount'],
      ],
      [
        [100, 'Bolt'],
        [800, '2'],
        [1000, '10.00'],
        [1200, '20.00'],
      ],
      [
        [100, 'Nut'],
        [800, '1'],
        [1000, '5.00'],
        [1200, '5.00'],
      ],
      [[900, total]],
    ];
    // The first reading lost the rows but has the total; the winner adds its rows up to a subtotal but
    // lost the total.
    const first = reading([...rows('Total 26.50').slice(0, 2), [[900, 'Total 26.50']]]);
    const winner = reading([...rows('Subtotal 25.00'), [[900, 'Tota1 w1th G5T @ 6% 2S.O0']]]);
    expect(vote([winner]).result.fields.total).toBeNull();
    const { result } = vote([first, winner]);
    expect(result.fields.subtotal).toBe('25.00');
    expect(result.fields.total).toBe('26.50');
  });

  it("takes another reading's labelled number and date over the winner's read without their labels", () => {
    const labelled = invoice('Cedar Lamps LLC', '2025-03-14', 'VAT', '175.00');
    // The winner adds up, but lost both labels: a misread word standing alone and an unlabelled date.
    const unlabelled = invoice('Cedar Lamps LLC', '2025-03-14', 'VAT', '115.00');
    unlabelled.splice(1, 2, ...reading([[[100, 'osroa2025']], [[100, '14-08-2025']]]));
    const alone = vote([unlabelled]).result.fields;
    expect([alone.invoice_number, alone.issue_date]).toEqual(['osroa2025', '2025-08-14']);
    const { result } = vote([unlabelled, labelled]);
    expect(result.fields.total).toBe('115.00');
    expect(result.fields.invoice_number).toBe('AB-1001');
    expect(result.fields.issue_date).toBe('2025-03-14');
  });

  it("takes another reading's reference where the winner read its capital as a digit", () => {
    const numbered = (no: string, total: string): Line[] => {
      const lines = invoice('Cedar Lamps LLC', '2025-03-14', 'VAT', total);
      lines.splice(1, 1, ...reading([[[100, `Invoice No: ${no}`]]]));
      return lines;
    };
    const { result } = vote([numbered('8961522', '115.00'), numbered('A961522', '175.00')]);
    expect(result.fields.total).toBe('115.00');
    expect(result.fields.invoice_number).toBe('A961522');
    // Not where the two differ in a digit too.
    expect(
      vote([numbered('8961522', '115.00'), numbered('A961523', '175.00')]).result.fields.invoice_number,
    ).toBe('8961522');
  });

  it("keeps the first reading's names and dates when another wins with the same amounts", () => {
    // The second reading found the printed rate (one more check holds) but garbled the seller and date.
    const { result } = vote([
      invoice('Cedar Lamps LLC', '2025-03-14', 'VAT', '115.00'),
      invoice('Ccdar Larnps LLC', '2025-08-14', 'VAT 15%', '115.00'),
    ]);
    expect(result.fields.vendor.name).toBe('Cedar Lamps LLC');
    expect(result.fields.issue_date).toBe('2025-03-14');
    expect(result.fields.total).toBe('115.00');
  });

  it('keeps the first reading when another finds one more field but adds up no better', () => {
    const rows = (headers: [string, string], due: string): Line[] =>
      reading([
        [[100, 'Cedar Lamps LLC']],
        [[100, 'Invoice No: AB-1001']],
        [[100, 'Date: 2025-03-14']],
        [[100, due]],
        [
          [100, 'Description'],
          [800, headers[0]],
          [1000, headers[1]],
          [1200, 'Amount'],
        ],
        [
          [100, 'Desk Lamp'],
          [800, '2'],
          [1000, '50.00'],
          [1200, '100.00'],
        ],
        [
          [900, 'Total'],
          [1200, '100.00'],
        ],
      ]);
    // The second reading read the due date, which the first lost, but took the columns the other way round.
    const first = rows(['Qty', 'Price'], 'Due: --');
    const second = rows(['Price', 'Qty'], 'Due Date: 2025-04-13');
    const { result } = vote([first, second]);
    expect(result.fields.line_items[0]).toMatchObject({ quantity: '2', unit_price: '50.00' });
    expect(result.fields.due_date).toBe('2025-04-13');
  });

  it('lets a further pass of the advanced pipeline win only by adding up better', () => {
    const page = (number: string, due: string, total: string, tax = '15.00'): Line[] =>
      invoice('Cedar Lamps LLC', '2025-03-14', 'VAT', total, { number, due, tax });
    const first = page('AB-1001', 'Due: --', '151.00', '16.00');
    const block = page('AB-1001', 'Due: --', '115.00');
    // The further pass adds up as well as the block reading and finds one more field, with a digit misread.
    const further = page('AB-7001', 'Due Date: 2025-04-13', '115.00');
    expect(vote([first, block, further]).result.fields.invoice_number).toBe('AB-7001');
    const guarded = vote([first, block, further], null, null, [false, false, true]).result.fields;
    expect(guarded.invoice_number).toBe('AB-1001');
    expect(guarded.total).toBe('115.00');
    // What it alone read is still taken.
    expect(guarded.due_date).toBe('2025-04-13');
    // Where it alone adds up, it wins.
    const alone = vote([first, first, further], null, null, [false, false, true]).result.fields;
    expect(alone.total).toBe('115.00');
  });

  it("keeps the first reading's seller and descriptions when another wins by adding up better", () => {
    const rows = (seller: string, lamp: string, cable: string, tax: string, total: string): Line[] =>
      reading([
        [[100, seller]],
        [
          [100, 'Description'],
          [800, 'Qty'],
          [1000, 'Price'],
          [1200, 'Amount'],
        ],
        [
          [100, lamp],
          [800, '2'],
          [1000, '50.00'],
          [1200, '100.00'],
        ],
        [
          [100, cable],
          [800, '1'],
          [1000, '20.00'],
          [1200, '20.00'],
        ],
        [
          [900, 'Subtotal'],
          [1200, '120.00'],
        ],
        [
          [900, 'VAT'],
          [1200, tax],
        ],
        [
          [900, 'Total'],
          [1200, total],
        ],
      ]);
    // The second reading read the tax and total right (they add up) but garbled the descriptions.
    const first = rows('Cedar Lamps LLC', 'Desk Lamp', 'Power Cable', '1B.0O', 'l38.0O');
    const second = rows('0 November', 'Dcsk Larnp', 'Powcr Cab1e', '18.00', '138.00');
    const { result } = vote([first, second]);
    expect(result.fields.total).toBe('138.00');
    expect(result.fields.line_items.map((l) => l.description)).toEqual(['Desk Lamp', 'Power Cable']);
    // and the first reading's seller.
    expect(result.fields.vendor.name).toBe('Cedar Lamps LLC');
  });

  it('keeps the names and descriptions of a winner that read them far more surely than the first reading', () => {
    const rows = (seller: string, lamp: string, tax: string, total: string, conf: number): Line[] =>
      pageOf(
        [
          [[100, seller]],
          [
            [100, 'Description'],
            [800, 'Qty'],
            [1000, 'Price'],
            [1200, 'Amount'],
          ],
          [
            [100, lamp],
            [800, '2'],
            [1000, '50.00'],
            [1200, '100.00'],
          ],
          [
            [900, 'Subtotal'],
            [1200, '100.00'],
          ],
          [
            [900, 'VAT'],
            [1200, tax],
          ],
          [
            [900, 'Total'],
            [1200, total],
          ],
        ],
        conf,
      );
    // The page reading of a gridded photo: words and amounts read unsurely; the block reading read both well.
    const first = rows('Cadar Lmps LC', 'Dsk Lmp', '1B.0O', 'l15.0O', 0.4);
    const second = rows('Cedar Lamps LLC', 'Desk Lamp', '15.00', '115.00', 0.9);
    const { result } = vote([first, second]);
    expect(result.fields.total).toBe('115.00');
    expect(result.fields.line_items.map((l) => l.description)).toEqual(['Desk Lamp']);
    expect(result.fields.vendor.name).toBe('Cedar Lamps LLC');
  });
});

describe('second opinion', () => {
  const receipt = (seller: string, street: string, total: string, extra: string): Line[] =>
    reading([
      [[100, seller]],
      [[100, street]],
      [[100, '40300 Shah Alam, Selangor']],
      [[100, 'Date: 28/09/2017']],
      [
        [100, 'Total Payable:'],
        [900, total],
      ],
      [[100, extra]],
    ]);

  it('takes a name only the second engine reads cleanly, and keeps a total the second engine also holds', () => {
    const first = receipt('GARDENlA BAKER!ES SDN BHD', 'Lot 3, Jalan Pelabur 23/1,', '48.04', 'Thank you');
    const second = receipt('GARDENIA BAKERIES SDN BHD', 'Lot 3, Jalan Pelabur 23/1,', '17.81', 'Paid 48.04');
    const { result } = vote([first], second);
    expect(result.fields.vendor.name).toBe('GARDENIA BAKERIES SDN BHD');
    // 48.04 is in the second engine's text too: the first reading's total stands.
    expect(result.fields.total).toBe('48.04');
  });

  it("takes the second engine's total when only its amount is in both texts", () => {
    const first = receipt('TEO HENG STATIONERY', 'No. 53, Jalan Besar,', '18.80', 'Cash 18.00');
    const second = receipt('TEO HENG STATIONERY', 'No. 53, Jalan Besar,', '18.00', 'Cash 18.00');
    expect(vote([first], second).result.fields.total).toBe('18.00');
  });

  it("takes the second engine's printed total, which its subtotal and tax confirm, over one the first computed", () => {
    const bill = (subtotal: [number, string][], net: [number, string][]): Line[] =>
      reading([
        [[100, 'B & BEST RESTAURANT']],
        [[100, 'NO.12, JALAN SS4C/5, PETALING JAYA']],
        [
          [100, '3 FISHBALL NOODLE @7.00'],
          [900, '21.00'],
        ],
        subtotal,
        [
          [100, 'GST 6%'],
          [900, '1.26'],
        ],
        [
          [100, 'ROUNDING ADJ'],
          [900, '-0.01'],
        ],
        net,
      ]);
    // The first engine read the subtotal's row as an item, and no amount beside NET TOTAL: its total is
    // the items and the tax added up.
    const first = bill(
      [
        [100, '2 Sc'],
        [900, '21.00'],
      ],
      [[100, 'NET TOTAL']],
    );
    expect(vote([first]).result.fields.total).toBe('43.26');
    const second = bill(
      [
        [100, '3 SUB TOTAL'],
        [900, '21.00'],
      ],
      [
        [100, 'NET TOTAL'],
        [900, '22.25'],
      ],
    );
    expect(vote([first], second).result.fields.total).toBe('22.25');
  });

  it('keeps the first reading when the second runs a title together or reads a name no better', () => {
    const first = receipt('Al Noor Electronics', 'No. 12, Tahrir Street,', '10.00', 'TAX INVOICE');
    const second = receipt('TAXINVOICE', 'No. 12, Tahrir Street,', '10.00', 'Al Nocr Electronics');
    expect(vote([first], second).result.fields.vendor.name).toBe('Al Noor Electronics');
    const plain = receipt('Triple Six Point', 'No. 14, Jalan Permas,', '7.60', '');
    const other = receipt('Tripie Six Point', 'No. 14, Jalan Permas,', '7.60', '');
    expect(vote([plain], other).result.fields.vendor.name).toBe('Triple Six Point');
  });

  it("takes the second engine's value where another variant of the first agrees with it", () => {
    const first = receipt('Tiple Six Point', 'No. 14, Jalan Permas,', '7.60', '');
    const otsu = receipt('Triple Six Point', 'No. 14, Jalan Permas,', '7.60', '');
    const second = receipt('Triple Six Point', 'No. 14, Jalan Permas,', '7.60', '');
    // The vote keeps the first of two equally complete readings; the second engine tips the name.
    expect(vote([first, otsu]).result.fields.vendor.name).toBe('Tiple Six Point');
    expect(vote([first, otsu], second).result.fields.vendor.name).toBe('Triple Six Point');
  });

  it("takes the second engine's date where it differs in one digit and was read far more surely", () => {
    const slip = (date: string, conf: number): Line[] =>
      pageOf(
        [
          [[100, 'ANZEL ADVERTISING (M) SDN BHD']],
          [[100, 'No 21, Jalan Pinang, 50450 Kuala Lumpur']],
          [
            [100, 'Total Amt Payable :'],
            [900, '7.40'],
          ],
          [[100, `09:13 am, ${date}`]],
        ],
        conf,
      );
    const faint = slip('21 March 2012', 0.6);
    expect(vote([faint], slip('21 March 2018', 0.95)).result.fields.issue_date).toBe('2018-03-21');
    // As sure as the first: the first stands; further apart: another date, not a misread of this one.
    expect(vote([faint], slip('21 March 2018', 0.65)).result.fields.issue_date).toBe('2012-03-21');
    expect(vote([faint], slip('12 March 2018', 0.95)).result.fields.issue_date).toBe('2012-03-21');
  });

  it('prefers a name with a legal form to a label or logo read as the name', () => {
    const first = receipt('(GST ID No', 'Lot 1851-A, Jalan KPB 6,', '9.90', 'Thank you');
    const second = receipt('MR DIY (KUCHAI) SDN BHD', 'Lot 1851-A, Jalan KPB 6,', '9.90', '(GST ID No');
    expect(vote([first], second).result.fields.vendor.name).toBe('MR DIY (KUCHAI) SDN BHD');
  });

  it('leaves a name that differs only in shapes the engines confuse as the first engine read it', () => {
    const first = receipt('HAI-O RAYA BHD', 'Lot 11995, Batu 2,', '47.70', '');
    const second = receipt('HAI-0 RAYA BHD', 'Lot 11995, Batu 2,', '47.70', '');
    expect(vote([first], second).result.fields.vendor.name).toBe('HAI-O RAYA BHD');
  });

  it("merges the two engines' names word by word where neither reads it all", () => {
    const first = pageOf([[[100, 'Taste Of Ihe World Sdn Bhd']], [[100, 'Lot 38, Jalan Kenari 5,']]], 0.7);
    const second = pageOf([[[100, 'Taste Of The Wor Id Sdn Bhd']], [[100, 'Lot 38, Jalan Kenari 5,']]], 0.98);
    expect(vote([first], second).result.fields.vendor.name).toBe('Taste Of The World Sdn Bhd');
  });

  it('counts the signs of a misread in a name', () => {
    expect(oddities('GARDENIA BAKERIES SDN BHD')).toBe(0);
    expect(oddities('GARDENlA BAKER!ES')).toBe(2);
    expect(oddities('Leve1 6 Bangunan')).toBe(1);
    expect(oddities('NO. 31G&33G, JALAN SS 15/4B')).toBe(0);
  });
});
