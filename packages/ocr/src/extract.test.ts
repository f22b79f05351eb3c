import { describe, expect, it } from 'vitest';
import { confirmVendorName, extractFields } from './extract.js';
import { pageOf, tableRows } from './lines.fixture.js';

const page = (rows: [number, string][][]): ReturnType<typeof pageOf> => pageOf(rows);

describe('extractFields on invoices of our own making', () => {
  it('tells the quantity from the price by their print where no header names the columns', () => {
    // A right-to-left table whose header was lost, the price column before the quantity: 15 x 225.50 and
    // 225.50 x 15 both multiply out; quantities are printed whole, prices with cents.
    const lines = page([
      [[1200, 'مؤسسة النور للتجارة']],
      [
        [1200, 'ورق طباعة'],
        [900, '225.50'],
        [700, '15'],
        [300, '3,382.50'],
      ],
      [
        [1200, 'حبر طابعة'],
        [900, '12.25'],
        [700, '4'],
        [300, '49.00'],
      ],
      [
        [1200, 'دباسة'],
        [900, '8.00'],
        [700, '3'],
        [300, '24.00'],
      ],
      [
        [1200, 'الإجمالي'],
        [300, '3,455.50'],
      ],
    ]);
    const items = extractFields(lines).fields.line_items.map((l) => [l.quantity, l.unit_price, l.total]);
    expect(items).toEqual([
      ['15', '225.50', '3382.50'],
      ['4', '12.25', '49.00'],
      ['3', '8.00', '24.00'],
    ]);
  });

  it('takes the rows above the first row that multiplies out into a table whose header was lost', () => {
    // The first two rows' quantities were misread (100 as 0, 3.75 as 5): the table opens at the third
    // row, and the two rows above it are rows of it all the same. The seller's address above them is not.
    const lines = page([
      [[1200, 'مؤسسة النور للتجارة']],
      [
        [1200, '١٢ شارع النيل'],
        [300, 'القاهرة'],
      ],
      [
        [1200, 'استضافة سحابية'],
        [900, '3,456.44'],
        [700, '0'],
        [300, '345,644.00'],
      ],
      [
        [1200, 'تموين حفلات'],
        [900, '7,211.71'],
        [700, '5'],
        [300, '27,043.91'],
      ],
      [
        [1200, 'عصير معبأ'],
        [900, '18.25'],
        [700, '100'],
        [300, '1,825.00'],
      ],
      [
        [1200, 'دباسة'],
        [900, '8.00'],
        [700, '3'],
        [300, '24.00'],
      ],
      [
        [1200, 'الإجمالي'],
        [300, '374,536.91'],
      ],
    ]);
    const items = extractFields(lines).fields.line_items;
    expect(items.map((l) => l.description)).toEqual(['استضافة سحابية', 'تموين حفلات', 'عصير معبأ', 'دباسة']);
    expect(items.map((l) => l.total)).toEqual(['345644.00', '27043.91', '1825.00', '24.00']);
    expect(items[2]).toMatchObject({ quantity: '100', unit_price: '18.25' });
  });

  it('reads an English invoice with a side column of labels and a table', () => {
    const lines = page([
      [
        [100, 'Blue Harbor Trading LLC'],
        [1200, 'INVOICE'],
      ],
      [
        [100, '9 Corniche Road, Abu Dhabi'],
        [1000, 'Invoice #'],
        [1300, 'BH-7781'],
      ],
      [
        [100, 'TRN: 100200300400500'],
        [1000, 'Date'],
        [1300, '03 Feb 2025'],
      ],
      [
        [1000, 'Due Date'],
        [1300, '05/03/2025'],
      ],
      [
        [100, 'Billed To:'],
        [300, 'Oasis Clinics'],
      ],
      [
        [100, 'Item'],
        [800, 'Qty'],
        [1000, 'Unit Price'],
        [1300, 'Amount'],
      ],
      [
        [100, 'Printer paper A4'],
        [800, '10'],
        [1000, '24.50'],
        [1300, '245.00'],
      ],
      [
        [100, 'Ink cartridge'],
        [800, '3'],
        [1000, '1,120.00'],
        [1300, '3,360.00'],
      ],
      [
        [1000, 'Subtotal'],
        [1300, '3,605.00'],
      ],
      [
        [1000, 'VAT 5%'],
        [1300, '180.25'],
      ],
      [
        [1000, 'Amount Due'],
        [1300, 'AED 3,785.25'],
      ],
    ]);
    const { fields: f, consistency } = extractFields(lines);
    expect(f.language).toBe('en');
    expect(f.invoice_number).toBe('BH-7781');
    expect(f.issue_date).toBe('2025-02-03');
    expect(f.due_date).toBe('2025-03-05');
    expect(f.vendor.name).toBe('Blue Harbor Trading LLC');
    expect(f.vendor.tax_id).toBe('100200300400500');
    expect(f.customer.name).toBe('Oasis Clinics');
    expect(f.currency).toBe('AED');
    expect([f.subtotal, f.tax_rate, f.tax_amount, f.total]).toEqual(['3605.00', '5.00', '180.25', '3785.25']);
    expect(f.line_items).toEqual([
      { description: 'Printer paper A4', quantity: '10', unit_price: '24.50', total: '245.00' },
      { description: 'Ink cartridge', quantity: '3', unit_price: '1120.00', total: '3360.00' },
    ]);
    expect(consistency).toBeGreaterThan(0.5);
    expect(f.boxes['total']?.x).toBeGreaterThan(0.7);
  });

  it("takes the seller's name from a row that also holds the document's title", () => {
    const lines = page([
      [
        [100, 'Blue Harbor Trading LLC'],
        [900, 'Tax Invoice'],
      ],
      [
        [100, 'Invoice No:'],
        [400, 'INV-100'],
      ],
    ]);
    expect(extractFields(lines).fields.vendor.name).toBe('Blue Harbor Trading LLC');
  });

  it('reads a table whose header names a column in two words joined by a slash, and one column lost', () => {
    // The quantity column was not read at all; "Price/Unit" is one word. The quantity follows from the
    // price and the total, and the total stays the total.
    const lines = page([
      [[100, 'Gulf Star Trading LLC']],
      [
        [100, 'Description'],
        [800, 'Price/Unit'],
        [1300, 'Total'],
      ],
      [
        [100, 'Legal Consultation'],
        [800, '390.88'],
        [1300, '15 635.20'],
      ],
      [
        [100, 'Coffee Beans'],
        [800, '42.08'],
        [1300, '2 104.00'],
      ],
    ]);
    const { fields: f } = extractFields(lines);
    expect(f.line_items.map((l) => [l.description, l.quantity, l.unit_price, l.total])).toEqual([
      ['Legal Consultation', '40', '390.88', '15635.20'],
      ['Coffee Beans', '50', '42.08', '2104.00'],
    ]);
    // The price's header misread: both numbers are nearest the amount's column, which is the nearer's.
    const misread = page([
      [[100, 'Gulf Star Trading LLC']],
      [
        [100, 'Description'],
        [800, 'Prlce'],
        [1300, 'Amount'],
      ],
      [
        [100, 'Legal Consultation'],
        [1000, '390.88'],
        [1300, '15 635.20'],
      ],
    ]);
    expect(extractFields(misread).fields.line_items.map((l) => [l.quantity, l.unit_price, l.total])).toEqual([
      ['40', '390.88', '15635.20'],
    ]);
  });

  it('reads three-decimal amounts as such without the currency, and a charge inside the table as an item', () => {
    // The currency line was misread; every amount has three decimals (fils, baisa). "رسوم الشحن" (shipping
    // charges) names an amount but is a row of the table: it neither ends it nor is lost.
    const lines = page([
      [[1100, 'الأندلس للأدوية ش.م.م']],
      [
        [100, 'الإجمالي'],
        [400, 'السعر'],
        [700, 'التفاصيل'],
        [1200, 'الكمية'],
      ],
      [
        [100, '٢,٤٤٨.٠٠٠'],
        [400, '٢٠٤.٠٠٠'],
        [700, 'مكيف سبليت'],
        [1200, '١٢'],
      ],
      [
        [100, '٠.٥٠٠'],
        [400, '٠.٢٥٠'],
        [700, 'أقلام حبر جاف'],
        [1200, '٢'],
      ],
      [
        [100, '٤٥٧.٥٠٠'],
        [400, '٣٠.٥٠٠'],
        [700, 'رسوم الشحن'],
        [1200, '١٥'],
      ],
      [
        [100, '٩.٥٣٢'],
        [400, '٤.٧٦٦'],
        [700, 'وحدة أرفف حديد'],
        [1200, '٢'],
      ],
      [
        [100, '٢,٩١٥.٥٣٢'],
        [1200, 'الإجمالي قبل الضريبة'],
      ],
    ]);
    const { fields: f } = extractFields(lines);
    expect(f.line_items.map((l) => [l.description, l.quantity, l.unit_price, l.total])).toEqual([
      ['مكيف سبليت', '12', '204.000', '2448.000'],
      ['أقلام حبر جاف', '2', '0.250', '0.500'],
      ['رسوم الشحن', '15', '30.500', '457.500'],
      ['وحدة أرفف حديد', '2', '4.766', '9.532'],
    ]);
    expect(f.subtotal).toBe('2915.532');
  });

  it('reads a right-to-left Arabic invoice with Arabic-Indic digits and labels on the right', () => {
    // Words of each row from left to right on the page: values on the left, labels on the right.
    const lines = page([
      [[1100, 'مؤسسة الأفق للتوريدات']],
      [
        [200, 'ف-٢٠٢٥-٠٤٤'],
        [1300, 'رقم الفاتورة'],
      ],
      [
        [200, '٢٠٢٥ أبريل ٩'],
        [1300, 'تاريخ الفاتورة'],
      ],
      [
        [200, 'مطعم السلام'],
        [1300, 'اسم العميل'],
      ],
      [
        [100, 'المبلغ'],
        [400, 'السعر'],
        [700, 'الكمية'],
        [1200, 'البيان'],
      ],
      [
        [100, '٢٥٠٫٠٠'],
        [400, '١٢٥٫٠٠'],
        [700, '٢'],
        [1200, 'طاولة خشب'],
      ],
      [
        [100, '١٬٥٠٠٫٠٠'],
        [400, '٥٠٠٫٠٠'],
        [700, '٣'],
        [1200, 'كرسي مكتب'],
      ],
      [
        [100, '١٬٧٥٠٫٠٠'],
        [1200, 'المجموع الفرعي'],
      ],
      [
        [100, '٢٦٢٫٥٠'],
        [700, '١٥٪'],
        [1200, 'ضريبة القيمة المضافة'],
      ],
      [
        [100, '٢٬٠١٢٫٥٠ ر.س'],
        [1200, 'الإجمالي'],
      ],
    ]);
    const { fields: f } = extractFields(lines);
    expect(f.language).toBe('ar');
    expect(f.invoice_number).toBeNull(); // "ف-٢٠٢٥-٠٤٤" starts with an Arabic letter: not read as a Latin id
    expect(f.issue_date).toBe('2025-04-09');
    expect(f.vendor.name).toBe('مؤسسة الأفق للتوريدات');
    expect(f.customer.name).toBe('مطعم السلام');
    expect(f.currency).toBe('SAR');
    expect([f.subtotal, f.tax_rate, f.tax_amount, f.total]).toEqual([
      '1750.00',
      '15.00',
      '262.50',
      '2012.50',
    ]);
    expect(f.line_items).toEqual([
      { description: 'طاولة خشب', quantity: '2', unit_price: '125.00', total: '250.00' },
      { description: 'كرسي مكتب', quantity: '3', unit_price: '500.00', total: '1500.00' },
    ]);
  });

  it('reads a decimal mark that came out as a slash in a row of Arabic-Indic amounts, not a year', () => {
    const lines = page([
      [[1100, 'مؤسسة الأفق للتوريدات']],
      [
        [100, 'المبلغ'],
        [400, 'السعر'],
        [700, 'الكمية'],
        [1200, 'البيان'],
      ],
      [
        [100, '٤٧/٧٠'],
        [400, '٣٫١٨'],
        [700, '١٥'],
        [1200, 'أقلام حبر'],
      ],
      [
        [100, '٥١/٠٠'],
        [400, '٥١٫٠٠'],
        [700, '١'],
        [1200, 'حبوب قهوة'],
      ],
      [
        [100, '٢٠٢٤/٠٥'],
        [400, '٢٫٠٠'],
        [700, '٣'],
        [1200, 'دباسة'],
      ],
    ]);
    const items = extractFields(lines).fields.line_items.map((l) => [l.quantity, l.unit_price, l.total]);
    expect(items.slice(0, 2)).toEqual([
      ['15', '3.18', '47.70'],
      ['1', '51.00', '51.00'],
    ]);
    // A year and a month are no amount: that row has no total read.
    expect(items[2]?.[2] ?? null).not.toBe('2024.05');
  });

  it("reads a row that does not multiply out with its total in the column the table's other rows show", () => {
    const lines = page([
      [[1100, 'مؤسسة الأفق للتوريدات']],
      [
        [100, 'المبلغ'],
        [400, 'سمر الوحدة'],
        [700, 'العدد'],
        [1200, 'البيان'],
      ],
      [
        [100, '٤٥٥٫٠٠'],
        [400, '٩١٫٠٠'],
        [700, '٥'],
        [1200, 'صيانة مركبة'],
      ],
      [
        [100, '٩٢٠٫٠٠'],
        [400, '٢٣٠٫٠٠'],
        [700, '٤'],
        [1200, 'تأجير معدات'],
      ],
      // ٢٦ read ٦: not 0.5 x 12 = 6 with the 13 a misread 12, but 0.5 x 26 = 13.
      [
        [100, '١٣٫٠٠'],
        [400, '٦٫٠٠'],
        [700, '٠٫٥'],
        [1200, 'دلة قهوة عربية'],
      ],
    ]);
    const items = extractFields(lines).fields.line_items.map((l) => [l.quantity, l.unit_price, l.total]);
    expect(items[2]).toEqual(['0.5', '26.00', '13.00']);
  });

  it('reads a row that does not multiply out with the quantity and price columns the other rows show', () => {
    const lines = page([
      [[100, 'Al Noor Trading']],
      // The price's heading printed over the quantities, none over the prices.
      [
        [100, 'Description'],
        [700, 'Rate'],
        [1400, 'Amount'],
      ],
      [
        [100, 'Water pump'],
        [700, '٢'],
        [1000, '٤٥٫٥٠'],
        [1400, '٩١٫٠٠'],
      ],
      [
        [100, 'Copper wire'],
        [700, '٣'],
        [1000, '٢٠٫٠٠'],
        [1400, '٦٠٫٠٠'],
      ],
      // ٥٠ read ٠ (its ring lost): 50 x 226 = 11,300.
      [
        [100, 'Floor tiles'],
        [700, '٠'],
        [1000, '٢٢٦٫٠٠'],
        [1400, '١١٣٠٠٫٠٠'],
      ],
    ]);
    const items = extractFields(lines).fields.line_items.map((l) => [l.quantity, l.unit_price, l.total]);
    expect(items[2]).toEqual(['50', '226.00', '11300.00']);
  });

  it('reads an Arabic-Indic amount whose thousands mark came out as the decimal mark as one amount, not two cells', () => {
    const lines = page([
      [[1100, 'مؤسسة الأفق للتوريدات']],
      [
        [100, 'الإجمالي'],
        [400, 'الكمية'],
        [700, 'سعر الوحدة'],
        [1200, 'التفاصيل'],
      ],
      [
        [100, '١٠٫٢٥٢٫٥٠'],
        [400, '٧٫٥'],
        [700, '١٫٣٦٧٫٠٠'],
        [1200, 'مكيف سبليت'],
      ],
      [
        [100, '٣٩٫٤٠٠٫٠٠'],
        [400, '١٠٠'],
        [700, '٣٩٤٫٠٠'],
        [1200, 'مكتب تنفيذي'],
      ],
    ]);
    const items = extractFields(lines).fields.line_items.map((l) => [l.quantity, l.unit_price, l.total]);
    expect(items).toEqual([
      ['7.5', '1367.00', '10252.50'],
      ['100', '394.00', '39400.00'],
    ]);
  });
  it('reads the tax and total whose decimal mark came out as the zero ٠ where that makes them add up', () => {
    const lines = page([
      [[1100, 'مؤسسة الأفق للتوريدات']],
      [
        [100, '٦٣١٤٧٫٢٠'],
        [1200, 'المبلغ الخاضع للضريبة'],
      ],
      [
        [100, '٨٨٤٠٠٦١'],
        [1200, 'الضريبة'],
      ],
      [
        [100, '٧١٩٨٧٠٨١'],
        [1200, 'المجموع الكلي'],
      ],
    ]);
    const f = extractFields(lines).fields;
    expect([f.subtotal, f.tax_amount, f.total]).toEqual(['63147.20', '8840.61', '71987.81']);
    // A whole amount that adds up as read stays whole.
    const whole = page([
      [[1100, 'مؤسسة الأفق للتوريدات']],
      [
        [100, '٢٠٠٠'],
        [1200, 'المبلغ الخاضع للضريبة'],
      ],
      [
        [100, '٣٠٠'],
        [1200, 'الضريبة'],
      ],
      [
        [100, '٢٣٠٠'],
        [1200, 'المجموع الكلي'],
      ],
    ]);
    const g = extractFields(whole).fields;
    expect([g.subtotal, g.tax_amount, g.total]).toEqual(['2000.00', '300.00', '2300.00']);
  });

  it('derives a total the engine misread from subtotal and tax, with lower confidence', () => {
    const lines = page([
      [[100, 'Acme Supplies Ltd']],
      [
        [100, 'Invoice No'],
        [400, 'A-1'],
      ],
      [
        [100, 'Subtotal'],
        [1300, '200.00'],
      ],
      [
        [100, 'Tax 14%'],
        [1300, '28.00'],
      ],
      [
        [100, 'Total'],
        [1300, '7.00'],
      ],
    ]);
    const { fields: f } = extractFields(lines);
    expect(f.total).toBe('228.00');
    expect(f.confidence['total']).toBeLessThan(0.6);
  });

  it('reads a receipt: the name before its registration number, the paid total, not the tax summary', () => {
    const lines = page([
      [[500, 'Gx!']],
      [[300, 'KEDAI MAJU HARDWARE SDN BHD (123456-K)']],
      [[300, 'NO. 12, JALAN MAWAR 3,']],
      [[300, '43000 KAJANG, SELANGOR']],
      [[300, 'TEL: 03-8736 1234']],
      [[300, 'GST ID : 001234567890']],
      [[300, 'SIMPLIFIED TAX INVOICE']],
      [
        [100, 'Doc No: CS10023'],
        [800, 'Date: 12/01/2018'],
      ],
      [
        [100, 'Total Qty: 3'],
        [1000, '30.00'],
      ],
      [
        [100, 'Total Sales (Excluding GST) :'],
        [1000, '30.00'],
      ],
      [
        [100, 'Total GST :'],
        [1000, '1.80'],
      ],
      [
        [100, 'Rounding :'],
        [1000, '0.00'],
      ],
      [
        [100, 'Total Sales (Inclusive of GST) :'],
        [1000, '31.80'],
      ],
      [
        [100, 'CASH :'],
        [1000, '50.00'],
      ],
      [
        [100, 'Change :'],
        [1000, '18.20'],
      ],
      [[100, 'GST SUMMARY']],
      [
        [100, 'SR 6'],
        [600, '30.00'],
        [1000, '1.80'],
      ],
      [
        [100, 'Total :'],
        [600, '30.00'],
        [1000, '1.80'],
      ],
    ]);
    // The logo mark above the name is read with doubt.
    lines[0]?.words.forEach((w) => (w.conf = 0.2));
    const { fields: f } = extractFields(lines);
    expect(f.vendor.name).toBe('KEDAI MAJU HARDWARE SDN BHD');
    expect(f.issue_date).toBe('2018-01-12');
    expect([f.subtotal, f.tax_amount, f.total]).toEqual(['30.00', '1.80', '31.80']);
  });

  it('reads a tax said to be included as the tax, not as the total', () => {
    const lines = page([
      [[300, 'GOOD FOOD RESTAURANT']],
      [
        [100, 'TakeOut Total (incl GST)'],
        [1000, '25.40'],
      ],
      [
        [100, 'Cash Tendered'],
        [1000, '30.00'],
      ],
      [
        [100, 'TOTAL INCLUDES 6% GST'],
        [1000, '1.44'],
      ],
    ]);
    const { fields: f } = extractFields(lines);
    expect(f.total).toBe('25.40');
    expect(f.tax_amount).toBe('1.44');
  });

  it('reads a receipt address between the registration and tax lines, and a date glued to its label', () => {
    const lines = page([
      [[300, 'SUNRISE BAKERY']],
      [[300, '(001234567-W)']],
      [[300, 'GST NO. : 001800839168']],
      [[300, 'NO.12, JALAN SS4C/5, PETALING JAYA']],
      [[300, 'SELANGOR DARUL EHSAN']],
      [[300, 'TEL : 012-2060 778']],
      [[300, 'Inv No :6K30785 DaterD2/O2/17 19:46']],
      [
        [100, 'TOTAL'],
        [1000, '7.50'],
      ],
    ]);
    const { fields: f } = extractFields(lines);
    expect(f.vendor.name).toBe('SUNRISE BAKERY');
    expect(f.vendor.address).toBe('NO.12, JALAN SS4C/5, PETALING JAYA, SELANGOR DARUL EHSAN');
    expect(f.issue_date).toBe('2017-02-02');
    expect(f.total).toBe('7.50');
  });

  it('leaves a line that is no address aside when an address follows, and reads a 1 misread as a bar', () => {
    const lines = page([
      [[300, 'GOLDEN ARCH RESTAURANTS SDN BHD']],
      [[300, 'Licensee of Burger Place']],
      [[300, 'Level 6, Bangunan TH, Damansara']],
      [[300, '47400 Petaling Jaya']],
      [[300, '(GST ID No: 000504664064)']],
      [[300, '|7-06-2018 14:07:29']],
    ]);
    const { fields: f } = extractFields(lines);
    expect(f.vendor.address).toBe('Level 6, Bangunan TH, Damansara, 47400 Petaling Jaya');
    expect(f.issue_date).toBe('2018-06-17');
  });

  it('adds a rounding adjustment printed under the last readable total', () => {
    const lines = page([
      [[300, 'HERO MART SDN BHD']],
      [
        [100, 'Total with GST'],
        [1000, '41.48'],
      ],
      [
        [100, 'Rounding'],
        [1000, '0.02'],
      ],
      [
        [100, 'Change'],
        [1000, '0.00'],
      ],
    ]);
    const { fields: f } = extractFields(lines);
    expect(f.total).toBe('41.50');
  });

  it('keeps the rounding when a later total is a misread far from it', () => {
    const lines = page([
      [[300, 'HERO MART SDN BHD']],
      [
        [100, 'Total with GST'],
        [1000, '41.48'],
      ],
      [
        [100, 'Rounding'],
        [1000, '0.02'],
      ],
      [[100, 'Tata! Sa vlAg 0 00 Total 4i 50']],
    ]);
    const { fields: f } = extractFields(lines);
    expect(f.total).toBe('41.50');
  });

  it('takes the cash less the change for a total misread or not read', () => {
    const misread = page([
      [[300, 'C W KHOO HARDWARE SDN BHD']],
      [[100, 'CASH SALES COUNTER 012']],
      [
        [100, '1 Item(s) NetTotal(MYR:'],
        [1000, '48.00'],
      ],
      [
        [100, 'Net Total Rounded (MYR):'],
        [1000, '43.00'],
      ],
      [
        [100, 'Cash :'],
        [1000, '50.00'],
      ],
      [
        [100, 'Change'],
        [1000, '2.00'],
      ],
    ]);
    expect(extractFields(misread).fields.total).toBe('48.00');
    const unread = page([
      [[300, 'NADEJE PRESTIGE SDN BHD']],
      [
        [100, 'Grand Total'],
        [1000, 'obs, , 00'],
      ],
      [
        [100, 'Cash'],
        [1000, 'RM50.00'],
      ],
      [
        [100, 'Change'],
        [1000, 'RM11.00'],
      ],
    ]);
    expect(extractFields(unread).fields.total).toBe('39.00');
    // Paid and change that agree with no printed total do not overrule it.
    const agreed = page([
      [[300, 'CHECKERS SDN BHD']],
      [
        [100, 'TOTAL'],
        [1000, '19.90'],
      ],
      [
        [100, 'CASH'],
        [1000, '20.00'],
      ],
      [
        [100, 'CHANGE'],
        [1000, '0.00'],
      ],
    ]);
    expect(extractFields(agreed).fields.total).toBe('19.90');
  });

  it('reads a net total printed below the tax as the total, and one above it as the subtotal', () => {
    const receipt = page([
      [[300, 'B & BEST RESTAURANT']],
      [
        [100, '3 FISHBALL NOODLE @7.00'],
        [1000, '21.00'],
      ],
      [
        [100, '3 SUB TOTAL'],
        [1000, '21.00'],
      ],
      [
        [100, 'GST 6%'],
        [1000, '1.26'],
      ],
      [
        [100, 'ROUNDING ADJ'],
        [1000, '-0.01'],
      ],
      [
        [100, 'NET TOTAL'],
        [1000, '22.25'],
      ],
    ]);
    const r = extractFields(receipt);
    expect([r.fields.subtotal, r.fields.tax_amount, r.fields.total]).toEqual(['21.00', '1.26', '22.25']);
    expect(r.amounts.checked.has('total')).toBe(true);
    const invoice = page([
      [[300, 'Blue Harbor Trading LLC']],
      [
        [100, 'Net Total'],
        [1000, '100.00'],
      ],
      [
        [100, 'VAT 5%'],
        [1000, '5.00'],
      ],
      [
        [100, 'Amount Due'],
        [1000, '105.00'],
      ],
    ]);
    const i = extractFields(invoice).fields;
    expect([i.subtotal, i.tax_amount, i.total]).toEqual(['100.00', '5.00', '105.00']);
  });

  it('settles a total read without its cents by the cash less the change, and adds a rounding under it', () => {
    const partial = page([
      [[300, 'CHECKERS HYPERMARKET SDN BHD']],
      [
        [100, 'TOTAL'],
        [1000, '19,9'],
      ],
      [
        [100, 'CASH'],
        [1000, '20.00'],
      ],
      [
        [100, 'CHANGE'],
        [1000, '0.00'],
      ],
    ]);
    expect(extractFields(partial).fields.total).toBe('20.00');
    // Far from the tender, the reading stands: the cash and change were misread.
    const far = page([
      [[300, 'CHECKERS HYPERMARKET SDN BHD']],
      [
        [100, 'TOTAL'],
        [1000, '29,9'],
      ],
      [
        [100, 'CASH'],
        [1000, '20.00'],
      ],
      [
        [100, 'CHANGE'],
        [1000, '0.00'],
      ],
    ]);
    expect(extractFields(far).fields.total).toBe('29.90');
    // Subtotal and tax add up to the total before the rounding printed under it.
    const rounded = page([
      [[300, 'CHECKERS HYPERMARKET SDN BHD']],
      [
        [100, 'SUB TOTAL'],
        [1000, '19.99'],
      ],
      [
        [100, 'GST 0%'],
        [1000, '0.00'],
      ],
      [
        [100, 'TOTAL'],
        [1000, '19.99'],
      ],
      [
        [100, 'Rounding'],
        [1000, '0.01'],
      ],
    ]);
    expect(extractFields(rounded).fields.total).toBe('20.00');
    // A rounding among the tender's rows (the cash misread) rounds the change, not the total.
    const tender = page([
      [[300, 'GUARDIAN HEALTH AND BEAUTY SDN BHD']],
      [
        [100, 'SUBTOTAL'],
        [1000, '13.78'],
      ],
      [
        [100, 'TOTAL (GST INCL)'],
        [1000, '13.78'],
      ],
      [
        [100, 'DASH'],
        [1000, '20.00'],
      ],
      [
        [100, 'ROUNDING ADJUSTMENTS'],
        [1000, '0.02'],
      ],
      [
        [100, 'CHANGE DUE'],
        [1000, '6.20'],
      ],
    ]);
    expect(extractFields(tender).fields.total).toBe('13.78');
  });

  it("puts back a word of the seller's name that the page prints surely elsewhere beside the same word", () => {
    const lines = page([
      [[300, 'SANYO STATIONERY SHOP']],
      [[300, 'NO. 31G&33G, JALAN SETIA INDAH X']],
      [[300, 'Owned By : SANYU SUPPLY SDN BHD']],
      [
        [100, 'Total'],
        [1000, '9.30'],
      ],
      [[300, 'Follow us in Facebook : Sanyu.Stationery']],
    ]);
    expect(confirmVendorName(extractFields(lines).fields.vendor.name ?? '', lines)).toBe(
      'SANYU STATIONERY SHOP',
    );
  });

  it('reads "GST included in total" as no total', () => {
    const lines = page([
      [[300, 'MR. D.I.Y. (M) SDN BHD']],
      [
        [100, 'Total Incl. GST@6%'],
        [1000, 'RM 13.30'],
      ],
      [
        [100, '“GST. @6% included in total'],
        [1000, 'RM 0.75'],
      ],
    ]);
    expect(extractFields(lines).fields.total).toBe('13.30');
  });

  it('repairs dates: a compact date with the time, a lost slash, a 1 read as 7 or 4, a 0 as 9 or a 2 as 4 in the year', () => {
    const at = (text: string): string | null =>
      extractFields(page([[[300, 'SHOP SDN BHD']], [[100, text]]])).fields.issue_date;
    expect(at('Date/Time 20180428/191204')).toBe('2018-04-28');
    expect(at('__ 2703/2018 NO CS-20243')).toBe('2018-03-27');
    expect(at('Doc No. 500011351 Date: 31/03/2078')).toBe('2018-03-31');
    expect(at('Invoice No. CR 1806/0729')).toBe(null);
    expect(at('46 Jun 2018 18:25')).toBe('2018-06-16');
    expect(at('Qty 46 items')).toBe(null);
    expect(at('Issue Date 22/11/2925')).toBe('2025-11-22');
    expect(at('تاريخ الإصدار ٢٢/١١/٢٩٢٥')).toBe('2025-11-22');
    expect(at('Amount 2925')).toBe(null);
    expect(at('تاريخ الإصدار ٢٠٤٥/١٠/١٤')).toBe('2025-10-14');
    expect(at('Issue Date 14/10/2046')).toBe('2026-10-14');
    expect(at('تاريخ الإصدار ٢٠٢٤/٠٥/١٠')).toBe('2024-05-10');
  });

  it('repairs a company name: SDN before BHD, initials, a common word misread; adds a bracketed branch', () => {
    const name = (rows: string[]): string | null =>
      extractFields(page(rows.map((r) => [[300, r]]))).fields.vendor.name;
    expect(name(['RAPID RAIL SC’: BHD'])).toBe('RAPID RAIL SDN BHD');
    expect(name(['Guardian Health And Beauty Sin Bhd'])).toBe('Guardian Health And Beauty Sdn Bhd');
    expect(name(['MR. D.1.¥. (M) SDN BHD'])).toBe('MR. D.I.Y. (M) SDN BHD');
    expect(name(['SP SETIA BHD'])).toBe('SP SETIA BHD');
    expect(name(['PERNIAGAARN ZHENG HUI'])).toBe('PERNIAGAAN ZHENG HUI');
    expect(name(['HERO OISTRIBUTION SDN BHD'])).toBe('HERO DISTRIBUTION SDN BHD');
    expect(name(['Gerbang Alaf Restaurants Sdn Bhd'])).toBe('Gerbang Alaf Restaurants Sdn Bhd');
    expect(name(['KL SERVICE CENTRE SDN BHD'])).toBe('KL SERVICE CENTRE SDN BHD');
    expect(name(['Anzel Ad vertising (M ) Sdn bh d'])).toBe('Anzel Advertising (M) Sdn bhd');
    expect(name(['SERVICE S AND TRADING SDN BHD'])).toBe('SERVICES AND TRADING SDN BHD');
    expect(name(['AD TRADING SDN BHD'])).toBe('AD TRADING SDN BHD');
    expect(name(['GARDENIA BAKERIES (K.I.) SDN BHD'])).toBe('GARDENIA BAKERIES (K.I.) SDN BHD');
    const lines = page([
      [[300, 'CHECKERS HYPERMARKET SDN BHD']],
      [[300, '(JALAN KLANG LAMA)']],
      [[300, 'LOT 2942 & 2945, JLN SERI SENTOSA 8,']],
      [[300, '58000 KUALA LUMPUR.']],
      [[300, 'COMPANY NO: 564429-W']],
      [[300, 'SHOP 8 LOT 2942']],
    ]);
    const { fields: f } = extractFields(lines);
    expect(f.vendor.name).toBe('CHECKERS HYPERMARKET SDN BHD (JALAN KLANG LAMA)');
    expect(f.vendor.address).toBe('LOT 2942 & 2945, JLN SERI SENTOSA 8, 58000 KUALA LUMPUR.');
  });

  it('repairs an address: $ for S, $5 for SS in a section code, ! for I, a KL postcode read with a 9; a lot number with an @', () => {
    const lines = page([
      [[300, 'TH TRAVEL SDN BHD']],
      [[300, 'Level 6, Jalan $S21/39, Jalan S$21/60, Jalan §$6/4, JLN $56/4, Jalan MERANT! 1A']],
      [[300, '93300 Kuala Lumpur']],
      [[300, 'Tel: 03-2022 3000']],
    ]);
    expect(extractFields(lines).fields.vendor.address).toBe(
      'Level 6, Jalan SS21/39, Jalan SS21/60, Jalan SS6/4, JLN SS6/4, Jalan MERANTI 1A, 53300 Kuala Lumpur',
    );
    const section = page([
      [[300, 'GUARDIAN HEALTH AND BEAUTY SDN BHD']],
      [[300, 'The Starling Mall, Jalan 9821/60, Jalan 5521/1, Jalan 2110/2, Jalan 98/21']],
      [[300, 'Tel: 03-7662 5789']],
    ]);
    expect(extractFields(section).fields.vendor.address).toBe(
      'The Starling Mall, Jalan SS21/60, Jalan SS21/1, Jalan 2110/2, Jalan 98/21',
    );
    const lot = page([
      [[300, 'MR. D.I.Y. (KUCHAI) SDN BHD']],
      [[300, 'LOT 1851-A & 1@51-B, JALAN KPB 6,']],
      [[300, '43300 SERI KEMBANGAN, SELANGOR _']],
      [[300, 'info@mrdiy.com']],
    ]);
    expect(extractFields(lot).fields.vendor.address).toBe(
      'LOT 1851-A & 1@51-B, JALAN KPB 6, 43300 SERI KEMBANGAN, SELANGOR',
    );
    const sabah = page([[[300, 'KK MART SDN BHD']], [[300, 'Lot 5, Jalan Tun Razak, 93300 Kuching']]]);
    expect(extractFields(sabah).fields.vendor.address).toBe('Lot 5, Jalan Tun Razak, 93300 Kuching');
  });

  it('reads party names under bilingual labels, keeping the better read script', () => {
    const lines = page([
      [
        [100, 'Seller /'],
        [230, 'البائع'],
        [900, 'Bill To | Xq~'],
      ],
      [
        [100, 'Pharaoh Tech Solutions /'],
        [480, 'فرعون للحلول التقنية'],
        [900, 'Orient Pharmacy'],
      ],
    ]);
    // The Arabic label of the customer was misread as Latin letters, which the engine doubts.
    const xq = lines[0]?.words.find((w) => w.text === 'Xq~');
    if (xq) xq.conf = 0.3;
    lines[1]?.words.forEach((w) => {
      if (/[\u0600-\u06ff]/.test(w.text)) w.conf = 0.7;
    });
    const { fields: f } = extractFields(lines);
    expect(f.vendor.name).toBe('Pharaoh Tech Solutions');
    expect(f.customer.name).toBe('Orient Pharmacy');
  });

  it('reads the name under a party label whose first word was misread and doubted ("Bid To")', () => {
    const lines = page([
      [[100, 'Cedar Lamps LLC']],
      [
        [1380, 'العميل'],
        [1476, 'Bid'],
        [1530, 'To'],
      ],
      [[1380, 'Hala Al Zaabi']],
    ]);
    const bid = lines[1]?.words.find((w) => w.text === 'Bid');
    if (bid) bid.conf = 0;
    expect(extractFields(lines).fields.customer.name).toBe('Hala Al Zaabi');
  });

  it('keeps one description of a bilingual item row, and a total with cents over a stray rate', () => {
    const lines = page([
      [[100, 'Cairo Office Supplies']],
      [
        [100, 'Item'],
        [800, 'Qty'],
        [1000, 'Unit Price'],
        [1300, 'Line Total'],
      ],
      [
        [100, 'Office Chair'],
        [300, 'كرسي مكتب'],
        [800, '2'],
        [1000, '100.00'],
        [1300, '200.00'],
      ],
      [
        [100, 'Subtotal'],
        [1300, '200.00'],
      ],
      [
        [100, 'Tax / 14 ~%'],
        [1300, '28.00'],
      ],
      [
        [100, 'Total'],
        [1300, '228.00'],
      ],
    ]);
    const { fields: f } = extractFields(lines);
    expect(f.line_items[0]?.description).toBe('Office Chair');
    expect([f.subtotal, f.tax_amount, f.total]).toEqual(['200.00', '28.00', '228.00']);
  });

  it('keeps the fuller description of a bilingual row, in either language', () => {
    const row = (en: string, ar: string, q: string, u: string, t: string): [number, string][] => [
      [100, en],
      [350, ar],
      [800, q],
      [1000, u],
      [1300, t],
    ];
    const lines = page([
      [[100, 'Cairo Office Supplies']],
      [
        [100, 'Item'],
        [800, 'Qty'],
        [1000, 'Unit Price'],
        [1300, 'Line Total'],
      ],
      // The engine lost "Copper" of "Copper Wire": the Arabic description is whole.
      row('Wire', 'سلك نحاس', '2', '10.00', '20.00'),
      row('Stapler', 'دباسة', '1', '5.00', '5.00'),
      // A code in capitals inside an Arabic description is no English description.
      row('HDMI', 'كابل', '1', '7.00', '7.00'),
      // English read by the Arabic model, Latin and Arabic letters mixed in one word: neither script's word.
      row('Annuaاإ', 'عقد صيانة سنوي', '1', '9.00', '9.00'),
      [
        [100, 'Total'],
        [1300, '41.00'],
      ],
    ]);
    const { fields: f } = extractFields(lines);
    expect(f.line_items.map((i) => i.description)).toEqual([
      'سلك نحاس',
      'Stapler',
      'HDMI كابل',
      'عقد صيانة سنوي',
    ]);
  });

  it('puts right a row total that the printed subtotal shows misread, and only where one repair fits', () => {
    const invoice = (rows: [string, string, string, string][], subtotal: string): ReturnType<typeof page> =>
      page([
        [[100, 'Cedar Lamps LLC']],
        ...tableRows(rows),
        [
          [900, 'Subtotal'],
          [1200, subtotal],
        ],
      ]);
    const totals = (lines: ReturnType<typeof page>): (string | null)[] =>
      extractFields(lines).fields.line_items.map((l) => l.total);
    // 3 x 12.50 is 37.50, read 31.50; the rows add up to the subtotal only with 37.50.
    const misread = invoice(
      [
        ['Desk Lamp', '2', '50.00', '100.00'],
        ['Bulb', '3', '12.50', '31.50'],
        ['Shade', '1', '8.00', '8.00'],
      ],
      '145.50',
    );
    expect(totals(misread)).toEqual(['100.00', '37.50', '8.00']);
    // Two rows that do not multiply out, either of which could close the sum: neither is changed.
    const either = invoice(
      [
        ['Desk Lamp', '2', '50.00', '94.00'],
        ['Bulb', '3', '12.50', '31.50'],
        ['Shade', '1', '8.00', '8.00'],
      ],
      '139.50',
    );
    expect(totals(either)).toEqual(['94.00', '31.50', '8.00']);
  });

  it("reads on past a charge's Arabic name printed under its row, and stops at a charge's label in the totals", () => {
    const row = (t: string, q: string, u: string, en: string): [number, string][] => [
      [100, t],
      [300, q],
      [500, u],
      [800, en],
    ];
    const table = (after: [number, string][][]): ReturnType<typeof page> =>
      page([
        [[100, 'Gulf Plastics Est']],
        [
          [100, 'Net'],
          [300, 'Quantity'],
          [500, 'Price/Unit'],
          [800, 'Product / Service'],
        ],
        row('240.000', '15', '16.000', 'Pest Control'),
        [[800, 'مكافحة حشرات']],
        // Each row's Arabic description is a line of its own, here one that names a charge.
        row('37.712', '2', '18.856', 'Freight Charges (set)'),
        [[800, 'رسوم الشحن (طقم)']],
        row('100.000', '100', '1.000', 'Ceramic Tiles'),
        [[800, 'بلاط سيراميك']],
        ...after,
      ]);
    const rows = (lines: ReturnType<typeof page>): (string | null)[][] =>
      extractFields(lines).fields.line_items.map((l) => [l.description, l.quantity, l.unit_price, l.total]);
    expect(rows(table([]))).toEqual([
      ['Pest Control', '15', '16.000', '240.000'],
      ['Freight Charges (set)', '2', '18.856', '37.712'],
      ['Ceramic Tiles', '100', '1.000', '100.000'],
    ]);
    // In the totals a charge's label printed above its amount ends the table: the amount is no row.
    const totals = table([
      [[800, 'Shipping']],
      [[100, '12.000']],
      [
        [800, 'Total'],
        [100, '389.712'],
      ],
    ]);
    expect(rows(totals)).toHaveLength(3);
  });

  it("passes over a party's label misread by a letter to the name under it", () => {
    const lines = page([
      [[100, 'Gulf Plastics Est']],
      [[100, 'Seller']],
      // البائع with a dot misread: not matched as a label on its own, and no name either.
      [[100, 'البافع']],
      [[100, 'Shorouq Electrical Supplies W.L.L.']],
    ]);
    expect(extractFields(lines).fields.vendor.name).toBe('Shorouq Electrical Supplies W.L.L.');
  });

  it("takes no label's unreadable half for a party's name: the name under it", () => {
    // The Arabic half of "Seller / البائع" and the Arabic label beside "Supplier" read as small Latin letters.
    const slash = page([[[100, 'Tax Invoice']], [[100, 'Seller / ja']], [[100, 'Al Hilal Furniture Est.']]]);
    expect(extractFields(slash).fields.vendor.name).toBe('Al Hilal Furniture Est.');
    const beside = page([[[100, 'Invoice']], [[100, 'Supplier je']], [[100, 'Zamzam Trading LLC']]]);
    expect(extractFields(beside).fields.vendor.name).toBe('Zamzam Trading LLC');
    // A name beside its label stays one.
    const named = page([[[100, 'Invoice']], [[100, 'Supplier: Zamzam Trading LLC']], [[100, 'Cairo']]]);
    expect(extractFields(named).fields.vendor.name).toBe('Zamzam Trading LLC');
  });

  it("reads a date's words on a right-to-left row in the order they are read", () => {
    // The month name on the right, the day and year in one run on its left: read right to left, أبريل 10 2025.
    const lines = page([
      [[100, 'Al Wafa Engineering']],
      [[100, 'Issue Date']],
      [[100, 'تاريخ الفاتورة']],
      [
        [100, '10 2025'],
        [220, 'أبريل'],
      ],
    ]);
    expect(extractFields(lines).fields.issue_date).toBe('2025-04-10');
    // A month of two words (تشرين الثاني) on the right of the day and year: its words read right to left,
    // the numbers left to right.
    const levant = page([
      [[100, 'Al Wafa Engineering']],
      [[100, 'Date of issue / تاريخ التوريد']],
      [
        [100, '7 2026'],
        [220, 'تشرين الثاني'],
      ],
      [[100, 'Due date / تاريخ الاستحقاق']],
      [
        [100, '١٧ ٢٠٢٦'],
        [220, 'تشرين الثاني'],
      ],
    ]);
    const f = extractFields(levant).fields;
    expect([f.issue_date, f.due_date]).toEqual(['2026-11-07', '2026-11-17']);
  });

  it('finds a value two rows below its label past a label of another column', () => {
    const lines = page([
      [
        [100, 'INVOICE NUMBER'],
        [700, 'INVOICE DATE'],
      ],
      [[1200, 'PAYMENT DUE']],
      [
        [100, 'INV/SA/25/811'],
        [700, '2025-12-01'],
        [1200, '2025-12-16'],
      ],
    ]);
    const { fields: f } = extractFields(lines);
    expect(f.invoice_number).toBe('INV/SA/25/811');
    expect(f.issue_date).toBe('2025-12-01');
    expect(f.due_date).toBe('2025-12-16');
  });

  it('joins a description wrapped over two lines and cuts two cells read as one word', () => {
    const lines = page([
      [[100, 'Riyadh Building Materials Est']],
      [
        [100, 'Item'],
        [1300, 'Amount'],
      ],
      [[100, 'Consulting Services']],
      [[100, '(hour)']],
      [
        [700, '2.505.00'],
        [1300, '12.50'],
      ],
      [[100, 'Office Chair']],
      [
        [700, '5 x 394.54'],
        [1300, '1,972.70'],
      ],
    ]);
    const { fields: f } = extractFields(lines);
    expect(f.line_items).toEqual([
      { description: 'Consulting Services (hour)', quantity: '2.5', unit_price: '5.00', total: '12.50' },
      { description: 'Office Chair', quantity: '5', unit_price: '394.54', total: '1972.70' },
    ]);
  });

  it('reads a number marked only by the number sign, and amounts grouped by spaces', () => {
    const lines = page([
      [[100, 'Gulf Lines Trading W.L.L.']],
      [[100, '#53-70709']],
      [[100, '07-05-2025']],
      [
        [100, 'Item'],
        [800, 'Qty'],
        [1000, 'Unit Price'],
        [1300, 'Amount'],
      ],
      [
        [100, 'Steel Shelving'],
        [800, '2'],
        [1000, '1 250.00'],
        [1300, '2 500.00'],
      ],
      [
        [100, 'Subtotal'],
        [1300, '2 500.00'],
      ],
      [
        [100, 'VAT (5%)'],
        [1300, '125.00'],
      ],
      [
        [100, 'Total'],
        [1300, '2 625.00'],
      ],
    ]);
    const { fields: f } = extractFields(lines);
    expect(f.invoice_number).toBe('53-70709');
    expect(f.line_items[0]).toMatchObject({ quantity: '2', unit_price: '1250.00', total: '2500.00' });
    expect([f.subtotal, f.tax_amount, f.total]).toEqual(['2500.00', '125.00', '2625.00']);
  });

  it('drops the number sign read as a digit at the end of an Arabic-Indic invoice number', () => {
    const read = (number: string): string | null =>
      extractFields(page([[[100, `رقم الفاتورة: ${number}`]], [[100, 'التاريخ: ٢٠٢٦/٠٦/٠٨']]])).fields
        .invoice_number;
    expect(read('٥٢١٦٤4')).toBe('52164');
    expect(read('INV-٢٠٢٥-٦٦٨٦٣#4')).toBe('INV-2025-66863');
    // Digits of one system are the number as printed, whichever system it is.
    expect(read('٥٢١٦٤٤')).toBe('521644');
    expect(read('521644')).toBe('521644');
  });

  it('keeps three decimals of a dinar, reads amounts of nine digits with cents, skips a tax number', () => {
    const lines = page([
      [[100, 'رقم ضريبة القيمة المضافة : 300123456700003']],
      [[100, 'المرجع : 2024/090']],
      [[100, 'Amounts in KWD']],
      [
        [100, 'Subtotal'],
        [1300, '1,789.685'],
      ],
      [
        [100, 'Total'],
        [1300, '1,789.685'],
      ],
    ]);
    const { fields: f } = extractFields(lines);
    expect(f.invoice_number).toBe('2024/090');
    expect([f.currency, f.subtotal, f.total]).toEqual(['KWD', '1789.685', '1789.685']);
    const big = extractFields(
      page([
        [
          [100, 'Sub-total'],
          [1300, '2,205,871.73'],
        ],
        [
          [100, 'Net Payable'],
          [1300, '2,514,693.77'],
        ],
      ]),
    ).fields;
    expect([big.subtotal, big.total]).toEqual(['2205871.73', '2514693.77']);
  });

  it('reads the number under a bare "No." label, and not an order or a tax registration number', () => {
    const stacked = page([
      [[100, 'TAX INVOICE']],
      [[100, 'No.']],
      [[100, 'SA-0338-24']],
      [[100, 'Invoice Date']],
      [[100, '12.06.2024']],
    ]);
    expect(extractFields(stacked).fields.invoice_number).toBe('SA-0338-24');
    const others = page([
      [[100, 'INVOICE']],
      [
        [100, 'Order No.'],
        [400, 'PO-5521'],
      ],
      [
        [100, 'VAT No.'],
        [400, '300123456700003'],
      ],
      [
        [100, 'Date'],
        [400, '12.06.2024'],
      ],
    ]);
    expect(extractFields(others).fields.invoice_number).toBeNull();
    const address = page([
      [[100, 'TEO HENG STATIONERY']],
      [[100, 'No. 2241, Jalan Besar,']],
      [[100, '40300 Shah Alam, Selangor']],
      [[100, 'Date: 28/09/2017']],
      [
        [100, 'Total'],
        [900, '18.00'],
      ],
    ]);
    const f = extractFields(address).fields;
    expect(f.invoice_number).toBeNull();
    // The "No." of the address is no label: the row stays in the address.
    expect(f.vendor.address).toBe('No. 2241, Jalan Besar, 40300 Shah Alam, Selangor');
  });

  it('reads the customer under a label that a speck read as letters precedes', () => {
    const lines = page([
      [[100, 'Cedar Lamps LLC']],
      [[100, 'INVOICE']],
      [[1100, 'jl Sold To']],
      [[1000, 'Qurtuba Air Conditioning Co']],
      [[1000, '12 Corniche Road, Doha']],
    ]);
    const speck = lines.flatMap((l) => l.words).find((w) => w.text === 'jl');
    if (speck) speck.conf = 0.42;
    expect(extractFields(lines).fields.customer.name).toBe('Qurtuba Air Conditioning Co');
  });

  it("reads the currency from the country's adjective beside a currency label, and only there", () => {
    const lines = page([
      [[100, 'فاتورة']],
      [[100, 'العملة: xx مصري']],
      [
        [100, 'الإجمالي'],
        [900, '1,250.00'],
      ],
    ]);
    expect(extractFields(lines).fields.currency).toBe('EGP');
    const name = page([
      [[100, 'فاتورة']],
      [[100, 'البنك المصري للتجارة']],
      [
        [100, 'الإجمالي'],
        [900, '1,250.00'],
      ],
    ]);
    expect(extractFields(name).fields.currency).toBeNull();
  });

  it('reads a currency of two Arabic words as one, in their reading order: the Omani and Qatari rials are no Saudi one', () => {
    const rial = (adjective: string): string | null =>
      extractFields(
        page([
          [[100, 'فاتورة']],
          [
            [100, `ريال ${adjective}`],
            [900, '٣٬٥٢١٫١٣٣'],
            [1300, 'الإجمالي'],
          ],
        ]),
      ).fields.currency;
    expect([rial('عماني'), rial('قطري'), rial('سعودي')]).toEqual(['OMR', 'QAR', 'SAR']);
    // The adjective read with a dot misplaced (ت for ن) is still Omani.
    expect(rial('عماتي')).toBe('OMR');
  });

  it("takes the seller's country's currency where none is printed, and a printed one before it", () => {
    const invoice = (totalRow: [number, string][]): ReturnType<typeof page> =>
      page([
        [[100, 'Tax Invoice']],
        [[100, 'Al Noor Trading W.L.L.']],
        [[100, 'Block 4, Street 12, Salmiya, Kuwait']],
        [[100, 'Tel: +965 2245 6789']],
        [[100, 'Bill To']],
        [[100, 'Gulf Star Supplies']],
        [[100, 'Riyadh, Saudi Arabia']],
        totalRow,
      ]);
    const unmarked = extractFields(
      invoice([
        [100, 'Total'],
        [900, '1,250.500'],
      ]),
    ).fields;
    expect(unmarked.currency).toBe('KWD');
    expect(unmarked.confidence.currency).toBeLessThan(0.6);
    expect(
      extractFields(
        invoice([
          [100, 'Total (SAR)'],
          [900, '1,250.50'],
        ]),
      ).fields.currency,
    ).toBe('SAR');
    // Two countries named as often (the seller's address not read apart from the buyer's) are no answer.
    const tie = page([
      [[100, 'Invoice']],
      [[100, 'Seller: Nile Foods, Cairo, Egypt']],
      [[100, 'Buyer: Gulf Star Supplies, Riyadh, Saudi Arabia']],
      [
        [100, 'Total'],
        [900, '500.00'],
      ],
    ]);
    expect(extractFields(tie).fields.currency).toBeNull();
  });

  it('takes no misread label word for the invoice number ("INVOICE NO" read ".NVOIC٤ NO")', () => {
    const lines = page([
      [[100, 'Cedar Lamps LLC']],
      [
        [900, '.NVOIC٤'],
        [1010, 'NO'],
        [1200, '/ رقم الفاتورة'],
      ],
      [[900, 'INV/SA/24/541']],
    ]);
    expect(extractFields(lines).fields.invoice_number).toBe('INV/SA/24/541');
  });

  it('reads the id of three digits or more under a label, not a shorter speck nearer to it', () => {
    const lines = page([
      [[100, 'Cedar Lamps LLC']],
      [[100, '.Invoice No']],
      [
        [100, '23'],
        [300, 'INV-2024-57088'],
        [700, 'ر الم'],
      ],
    ]);
    expect(extractFields(lines).fields.invoice_number).toBe('INV-2024-57088');
  });

  it('reads a series code whose I or O came out as a digit beside a code of capitals', () => {
    const read = (id: string): string | null =>
      extractFields(
        page([
          [[100, 'Cedar Lamps LLC']],
          [
            [100, 'Invoice No:'],
            [400, id],
          ],
        ]),
      ).fields.invoice_number;
    expect(read('T1/BH/24/5829')).toBe('TI/BH/24/5829');
    expect(read('BH/0M/24/1073')).toBe('BH/OM/24/1073');
    // Not without a code of capitals beside it, nor in a number of two parts.
    expect(read('A1/2024/5829')).toBe('A1/2024/5829');
    expect(read('T1/5829')).toBe('T1/5829');
  });

  it('reads an id that names itself an invoice number when its label was lost', () => {
    const lines = page([
      [[100, 'INVOICE']],
      [[100, 'Cedar Lamps LLC']],
      [
        [100, 'INV259414'],
        [400, ':.,'],
      ],
      [[100, 'Date: 12.06.2024']],
    ]);
    expect(extractFields(lines).fields.invoice_number).toBe('INV259414');
    const none = page([[[100, 'INVOICE']], [[100, 'Invoiced items: 12']]]);
    expect(extractFields(none).fields.invoice_number).toBeNull();
  });

  it('reads a number standing alone on its row above the items when no label for it was read', () => {
    const table = [
      [
        [100, 'Item'],
        [800, 'Qty'],
        [1300, 'Amount'],
      ],
      [
        [100, 'Steel Shelving'],
        [800, '2'],
        [1300, '2,500.00'],
      ],
    ] as [number, string][][];
    const read = (rows: [number, string][][]): string | null =>
      extractFields(page([...rows, ...table])).fields.invoice_number;
    expect(
      read([[[1400, 'فاتورة']], [[1400, '2026/947']], [[1400, 'تاريخ الإصدار']], [[1400, '2026-12-31']]]),
    ).toBe('2026/947');
    expect(read([[[1400, 'فاتورة ضريبية']], [[1400, 'BL264238']], [[100, 'Gulf Lines Trading']]])).toBe(
      'BL264238',
    );
    // Not a value printed under another number's label, a phone, a date, nor a number among words.
    expect(read([[[100, 'Gulf Lines Trading']], [[100, 'VAT Reg']], [[100, '300123456700003']]])).toBeNull();
    expect(read([[[100, 'Gulf Lines Trading']], [[100, '+968 2471 5520']]])).toBeNull();
    expect(read([[[100, 'Gulf Lines Trading']], [[100, '12-09-2026']]])).toBeNull();
    expect(read([[[100, 'Gulf Lines Trading']], [[100, 'Building 2041']]])).toBeNull();
    // Nor a number below the items.
    expect(
      extractFields(page([[[100, 'Gulf Lines Trading']], ...table, [[100, '88231']]])).fields.invoice_number,
    ).toBeNull();
  });

  it('reads the tax and total of rows whose labels were not read where they add up to the subtotal', () => {
    const rows = (tax: string, total: string): [number, string][][] => [
      [[100, 'Gulf Lines Trading']],
      ...tableRows([
        ['Steel Shelving', '2', '1,200.00', '2,400.00'],
        ['Desk Lamp', '4', '66.13', '264.52'],
      ]),
      [
        [900, 'Subtotal'],
        [1200, '2,664.52'],
      ],
      [
        [900, 'Qwzx'],
        [1200, tax],
      ],
      [
        [900, 'Hjkq vbn'],
        [1200, total],
      ],
    ];
    const f = extractFields(page(rows('399.68', '3,064.20'))).fields;
    expect([f.subtotal, f.tax_amount, f.total]).toEqual(['2664.52', '399.68', '3064.20']);
    // Amounts that do not add up are no tax and total.
    const g = extractFields(page(rows('12.00', '3,064.20'))).fields;
    expect([g.tax_amount, g.total]).not.toEqual(['12.00', '3064.20']);
  });

  it('takes a row of the table that holds the sum of the rows above it for their subtotal, not an item', () => {
    const rows = (label: string, amount: string): [number, string][][] => [
      [[100, 'Gulf Lines Trading']],
      ...tableRows([
        ['Steel Shelving', '2', '1,200.00', '2,400.00'],
        ['Desk Lamp', '4', '66.13', '264.52'],
      ]),
      [
        [100, label],
        [1200, amount],
      ],
      [
        [900, 'VAT'],
        [1200, '399.68'],
      ],
      [
        [900, 'Total'],
        [1200, '3,064.20'],
      ],
    ];
    // The subtotal's label misread past recognition: its row would be a third item.
    const f = extractFields(page(rows('Qwzx vbn', '2,664.52'))).fields;
    expect(f.line_items.map((l) => l.description)).toEqual(['Steel Shelving', 'Desk Lamp']);
    expect([f.subtotal, f.tax_amount, f.total]).toEqual(['2664.52', '399.68', '3064.20']);
    // A row with one amount that is not the sum of the rows above is an item of its own.
    const g = extractFields(page(rows('Delivery', '50.00'))).fields;
    expect(g.line_items.map((l) => l.description)).toEqual(['Steel Shelving', 'Desk Lamp', 'Delivery']);
  });

  it('reads an id whose digits the engine cut apart by a narrow gap as one id', () => {
    const read = (rows: [number, string][][]): string | null =>
      extractFields(page(rows)).fields.invoice_number;
    // Words 12 px apart, under half the digits' 30 px height: the engine's cut, not a word space.
    expect(
      read([
        [
          [600, 'IN٢٤'],
          [668, '٤٤٦٥'],
          [900, 'رقم الفاتورة:'],
        ],
      ]),
    ).toBe('IN244465');
    expect(
      read([
        [
          [500, 'S/BH/٢٤/٨'],
          [638, '٢٥٦#'],
          [900, 'رقم الفاتورة:'],
        ],
      ]),
    ).toBe('S/BH/24/8256');
    // A number set a word space or more apart is another.
    expect(
      read([
        [
          [100, 'Invoice No: 1234'],
          [420, '5678'],
        ],
      ]),
    ).toBe('1234');
  });

  it("reads the marks of a row's price and total that came out as zeros where the subtotal shows it", () => {
    const rows = (subtotal: string): [number, string][][] => [
      [[100, 'Gulf Lines Trading']],
      ...tableRows([
        ['Camera', '٨', '١٦٧٠٠٠', '١٣٣٦٠٠٠'],
        ['Desk Lamp', '٢', '٥٠٫٠٠', '١٠٠٫٠٠'],
      ]),
      [
        [900, 'Subtotal'],
        [1200, subtotal],
      ],
    ];
    const f = extractFields(page(rows('١٤٣٦٫٠٠'))).fields;
    expect(f.line_items.map((l) => [l.unit_price, l.total])).toEqual([
      ['167.00', '1336.00'],
      ['50.00', '100.00'],
    ]);
    // As read where the subtotal agrees with the rows as read.
    const g = extractFields(page(rows('١٣٣٦١٠٠'))).fields;
    expect(g.line_items[0]?.total).toBe('1336000.00');
  });

  it('reads a later date below the issue date as the due date where its label was not read', () => {
    const due = (rows: [number, string][][]): string | null =>
      extractFields(
        page([
          [[100, 'Gulf Lines Trading']],
          [[100, 'Invoice Date: 04-06-2024']],
          ...rows,
          ...tableRows([['Steel Shelving', '2', '1,200.00', '2,400.00']]),
        ]),
      ).fields.due_date;
    expect(due([[[100, 'Dxqe Wkz: 04-07-2024']]])).toBe('2024-07-04');
    // Not a date before the issue date, nor one under another field's label.
    expect(due([[[100, 'Dxqe Wkz: 01-05-2024']]])).toBeNull();
    expect(due([[[100, 'Order Date: 04-07-2024']]])).toBeNull();
  });

  it('counts the due date from the date of issue by the payment terms where none is printed', () => {
    const due = (terms: string, printed = ''): string | null =>
      extractFields(
        page([
          [[100, 'Gulf Lines Trading']],
          [[100, 'Invoice Date: 18-09-2026']],
          ...(printed ? [[[100, printed]] as [number, string][]] : []),
          ...tableRows([['Steel Shelving', '2', '1,200.00', '2,400.00']]),
          [[100, terms]],
        ]),
      ).fields.due_date;
    expect(due('Please pay within 15 days')).toBe('2026-10-03');
    expect(due('Payment terms: Net 30')).toBe('2026-10-18');
    expect(due('يرجى السداد خلال ١٥ يوما')).toBe('2026-10-03');
    // A printed due date comes first; a number of days that is no term of payment is none.
    expect(due('Please pay within 15 days', 'Due Date: 30-09-2026')).toBe('2026-09-30');
    expect(due('Delivered in 3 days')).toBeNull();
  });

  it("reads a number beside a bare number label whose own letters look like another number's word", () => {
    const lines = page([
      [[100, 'Al Najoum Foods LLC']],
      [
        [100, 'No.'],
        [160, '/'],
        [190, ':رقم'],
        [260, 'S/AE/26/7005'],
      ],
      [[100, 'Issued On: 2026/09/18']],
    ]);
    expect(extractFields(lines).fields.invoice_number).toBe('S/AE/26/7005');
    // A row that names another number keeps it out.
    const phone = page([
      [[100, 'Al Najoum Foods LLC']],
      [
        [100, 'رقم الهاتف'],
        [400, '0501234567'],
      ],
    ]);
    expect(extractFields(phone).fields.invoice_number).toBeNull();
  });

  it('reads the number sign with a misread mark beside it as the label', () => {
    const lines = page([[[100, 'Gulf Lines Trading']], [[100, '44877 %#']], [[100, 'Date: 12.06.2024']]]);
    expect(extractFields(lines).fields.invoice_number).toBe('44877');
  });
});
