// Word lists for names, addresses, items and labels. Names are drawn as random combinations of these parts;
// each pair is [English, Arabic] for the same meaning, so bilingual documents print both.

export type Pair = readonly [en: string, ar: string];
export type Country = 'EG' | 'SA' | 'AE' | 'QA' | 'KW' | 'BH' | 'OM';

export const COUNTRIES: Record<
  Country,
  {
    name: Pair;
    currency: 'EGP' | 'SAR' | 'AED' | 'QAR' | 'KWD' | 'BHD' | 'OMR';
    vat: number;
    cities: Pair[];
    phone: string;
  }
> = {
  EG: {
    name: ['Egypt', 'مصر'],
    currency: 'EGP',
    vat: 0.14,
    phone: '+20',
    cities: [
      ['Cairo', 'القاهرة'],
      ['Giza', 'الجيزة'],
      ['Alexandria', 'الإسكندرية'],
      ['Tanta', 'طنطا'],
      ['Assiut', 'أسيوط'],
      ['Zagazig', 'الزقازيق'],
      ['Ismailia', 'الإسماعيلية'],
      ['6th of October City', 'مدينة السادس من أكتوبر'],
    ],
  },
  SA: {
    name: ['Saudi Arabia', 'المملكة العربية السعودية'],
    currency: 'SAR',
    vat: 0.15,
    phone: '+966',
    cities: [
      ['Riyadh', 'الرياض'],
      ['Jeddah', 'جدة'],
      ['Dammam', 'الدمام'],
      ['Madinah', 'المدينة المنورة'],
      ['Abha', 'أبها'],
      ['Buraydah', 'بريدة'],
      ['Tabuk', 'تبوك'],
    ],
  },
  AE: {
    name: ['United Arab Emirates', 'الإمارات العربية المتحدة'],
    currency: 'AED',
    vat: 0.05,
    phone: '+971',
    cities: [
      ['Dubai', 'دبي'],
      ['Abu Dhabi', 'أبوظبي'],
      ['Sharjah', 'الشارقة'],
      ['Ajman', 'عجمان'],
      ['Al Ain', 'العين'],
      ['Ras Al Khaimah', 'رأس الخيمة'],
    ],
  },
  QA: {
    name: ['Qatar', 'قطر'],
    currency: 'QAR',
    vat: 0,
    phone: '+974',
    cities: [
      ['Doha', 'الدوحة'],
      ['Al Wakrah', 'الوكرة'],
      ['Lusail', 'لوسيل'],
      ['Al Khor', 'الخور'],
    ],
  },
  KW: {
    name: ['Kuwait', 'الكويت'],
    currency: 'KWD',
    vat: 0,
    phone: '+965',
    cities: [
      ['Kuwait City', 'مدينة الكويت'],
      ['Hawalli', 'حولي'],
      ['Salmiya', 'السالمية'],
      ['Farwaniya', 'الفروانية'],
      ['Jahra', 'الجهراء'],
    ],
  },
  BH: {
    name: ['Bahrain', 'البحرين'],
    currency: 'BHD',
    vat: 0.1,
    phone: '+973',
    cities: [
      ['Manama', 'المنامة'],
      ['Muharraq', 'المحرق'],
      ['Riffa', 'الرفاع'],
      ['Isa Town', 'مدينة عيسى'],
    ],
  },
  OM: {
    name: ['Oman', 'سلطنة عمان'],
    currency: 'OMR',
    vat: 0.05,
    phone: '+968',
    cities: [
      ['Muscat', 'مسقط'],
      ['Sohar', 'صحار'],
      ['Salalah', 'صلالة'],
      ['Nizwa', 'نزوى'],
      ['Sur', 'صور'],
    ],
  },
};

/** Distinctive first words of company names. */
export const NAME_ROOTS: Pair[] = [
  ['Al Waha', 'الواحة'],
  ['Al Rimal', 'الرمال'],
  ['Al Safwa', 'الصفوة'],
  ['Al Manara', 'المنارة'],
  ['Al Yasmin', 'الياسمين'],
  ['Al Bayan', 'البيان'],
  ['Al Fajr', 'الفجر'],
  ['Al Hilal', 'الهلال'],
  ['Al Murjan', 'المرجان'],
  ['Al Andalus', 'الأندلس'],
  ['Al Zahraa', 'الزهراء'],
  ['Al Amal', 'الأمل'],
  ['Al Tawfiq', 'التوفيق'],
  ['Al Barakah', 'البركة'],
  ['Al Khaleej', 'الخليج'],
  ['Al Jazeera', 'الجزيرة'],
  ['Al Sahel', 'الساحل'],
  ['Al Nakheel', 'النخيل'],
  ['Al Lulu', 'اللؤلؤ'],
  ['Al Majd', 'المجد'],
  ['Al Itqan', 'الإتقان'],
  ['Al Riyada', 'الريادة'],
  ['Al Ahram', 'الأهرام'],
  ['Al Qimma', 'القمة'],
  ['Al Wafa', 'الوفاء'],
  ['Misr Elgedida', 'مصر الجديدة'],
  ['Tiba', 'طيبة'],
  ['Sinai', 'سيناء'],
  ['Thebes', 'طيبة الحديثة'],
  ['Dilmun', 'دلمون'],
  ['Majan', 'مجان'],
  ['Hajar', 'هجر'],
  ['Najd', 'نجد'],
  ['Tihama', 'تهامة'],
  ['Sahara', 'الصحراء'],
  ['Zamzam', 'زمزم'],
  ['Qurtuba', 'قرطبة'],
  ['Shorouq Al Khaleej', 'شروق الخليج'],
  ['Nujoom', 'النجوم'],
  ['Rawabi', 'الروابي'],
];

/** What the company does: [English, Arabic with its preposition]. */
export const TRADES: Pair[] = [
  ['Trading', 'للتجارة'],
  ['General Trading', 'للتجارة العامة'],
  ['Contracting', 'للمقاولات'],
  ['Engineering', 'للهندسة'],
  ['Medical Equipment', 'للأجهزة الطبية'],
  ['Foodstuff', 'للمواد الغذائية'],
  ['Logistics', 'للخدمات اللوجستية'],
  ['Information Technology', 'لتقنية المعلومات'],
  ['Import & Export', 'للاستيراد والتصدير'],
  ['Furniture', 'للأثاث'],
  ['Electrical Supplies', 'للأدوات الكهربائية'],
  ['Stationery', 'للقرطاسية'],
  ['Travel & Tourism', 'للسياحة والسفر'],
  ['Advertising', 'للدعاية والإعلان'],
  ['Pharmaceuticals', 'للأدوية'],
  ['Textiles', 'للمنسوجات'],
  ['Catering', 'للإعاشة'],
  ['Real Estate', 'للعقارات'],
  ['Auto Spare Parts', 'لقطع غيار السيارات'],
  ['Security Systems', 'لأنظمة الأمن'],
  ['Printing & Publishing', 'للطباعة والنشر'],
  ['Air Conditioning', 'للتكييف والتبريد'],
  ['Steel Industries', 'للصناعات الحديدية'],
  ['Plastics', 'للبلاستيك'],
];

/** Legal forms by country: [English, Arabic]. Arabic forms follow the name; 'شركة'/'مؤسسة' lead it. */
export const LEGAL_FORMS: Record<string, { en: string; ar: string; lead?: string }[]> = {
  EG: [
    { en: 'S.A.E.', ar: 'ش.م.م' },
    { en: 'LLC', ar: 'ذ.م.م' },
    { en: 'Co.', ar: '', lead: 'شركة' },
    { en: '& Partners', ar: 'وشركاه' },
  ],
  SA: [
    { en: 'Est.', ar: '', lead: 'مؤسسة' },
    { en: 'Co. Ltd.', ar: 'المحدودة', lead: 'شركة' },
    { en: 'LLC', ar: 'ذ.م.م' },
    { en: 'Holding Co.', ar: 'القابضة', lead: 'شركة' },
  ],
  AE: [
    { en: 'LLC', ar: 'ذ.م.م' },
    { en: 'FZE', ar: 'م.م.ح' },
    { en: 'FZ-LLC', ar: 'م.م.ح ذ.م.م' },
    { en: 'Est.', ar: '', lead: 'مؤسسة' },
  ],
  QA: [
    { en: 'W.L.L.', ar: 'ذ.م.م' },
    { en: 'Q.P.S.C.', ar: 'ش.م.ع.ق' },
    { en: 'Co.', ar: '', lead: 'شركة' },
  ],
  KW: [
    { en: 'K.S.C.C.', ar: 'ش.م.ك.م' },
    { en: 'W.L.L.', ar: 'ذ.م.م' },
    { en: 'Co.', ar: '', lead: 'شركة' },
  ],
  BH: [
    { en: 'W.L.L.', ar: 'ذ.م.م' },
    { en: 'B.S.C.', ar: 'ش.م.ب' },
    { en: 'Est.', ar: '', lead: 'مؤسسة' },
  ],
  OM: [
    { en: 'LLC', ar: 'ش.م.م' },
    { en: 'SAOC', ar: 'ش.م.ع.م' },
    { en: 'Est.', ar: '', lead: 'مؤسسة' },
  ],
};

export const FIRST_NAMES: Pair[] = [
  ['Ahmed', 'أحمد'],
  ['Mohamed', 'محمد'],
  ['Mahmoud', 'محمود'],
  ['Khaled', 'خالد'],
  ['Omar', 'عمر'],
  ['Youssef', 'يوسف'],
  ['Mostafa', 'مصطفى'],
  ['Tarek', 'طارق'],
  ['Sherif', 'شريف'],
  ['Abdullah', 'عبدالله'],
  ['Faisal', 'فيصل'],
  ['Sultan', 'سلطان'],
  ['Hamad', 'حمد'],
  ['Rashid', 'راشد'],
  ['Saeed', 'سعيد'],
  ['Nasser', 'ناصر'],
  ['Walid', 'وليد'],
  ['Karim', 'كريم'],
  ['Ibrahim', 'إبراهيم'],
  ['Fatma', 'فاطمة'],
  ['Mariam', 'مريم'],
  ['Nour', 'نور'],
  ['Aisha', 'عائشة'],
  ['Hala', 'هالة'],
  ['Reem', 'ريم'],
  ['Dina', 'دينا'],
  ['Salma', 'سلمى'],
  ['Noura', 'نورة'],
  ['Latifa', 'لطيفة'],
  ['Yasmine', 'ياسمين'],
];

export const FAMILY_NAMES: Pair[] = [
  ['Abdel Rahman', 'عبدالرحمن'],
  ['Al Mansouri', 'المنصوري'],
  ['Al Qahtani', 'القحطاني'],
  ['Al Otaibi', 'العتيبي'],
  ['Al Shamsi', 'الشامسي'],
  ['Al Kuwari', 'الكواري'],
  ['Al Balushi', 'البلوشي'],
  ['Al Harthy', 'الحارثي'],
  ['Fahmy', 'فهمي'],
  ['Ghoneim', 'غنيم'],
  ['Mansour', 'منصور'],
  ['Al Dosari', 'الدوسري'],
  ['Al Mutairi', 'المطيري'],
  ['Al Ajmi', 'العجمي'],
  ['Shalaby', 'شلبي'],
  ['Abu Zaid', 'أبو زيد'],
  ['Al Zaabi', 'الزعابي'],
  ['Al Hashimi', 'الهاشمي'],
  ['Al Rumaihi', 'الرميحي'],
  ['Al Jaber', 'الجابر'],
  ['Okasha', 'عكاشة'],
  ['Radwan', 'رضوان'],
];

/** Businesses a customer can be, besides companies and persons: [English suffix, Arabic prefix]. */
export const PLACES: Pair[] = [
  ['Clinic', 'عيادة'],
  ['Restaurant', 'مطعم'],
  ['Pharmacy', 'صيدلية'],
  ['Hotel', 'فندق'],
  ['Academy', 'أكاديمية'],
  ['Supermarket', 'سوبرماركت'],
  ['Workshop', 'ورشة'],
  ['Gallery', 'معرض'],
  ['Laboratory', 'مختبر'],
  ['Nursery', 'حضانة'],
];

export const STREETS: Pair[] = [
  ['King Abdulaziz', 'الملك عبدالعزيز'],
  ['Gamal Abdel Nasser', 'جمال عبدالناصر'],
  ['Sheikh Zayed', 'الشيخ زايد'],
  ['Corniche', 'الكورنيش'],
  ['Salwa', 'سلوى'],
  ['Al Olaya', 'العليا'],
  ['Port Said', 'بورسعيد'],
  ['Al Nahda', 'النهضة'],
  ['Al Jamiaa', 'الجامعة'],
  ['Abbas El Akkad', 'عباس العقاد'],
  ['Makram Ebeid', 'مكرم عبيد'],
  ['Al Muntazah', 'المنتزه'],
  ['Al Wahda', 'الوحدة'],
  ['Prince Sultan', 'الأمير سلطان'],
  ['Al Khuwair', 'الخوير'],
  ['Exhibition', 'المعارض'],
  ['Al Rayyan', 'الريان'],
  ['Fahad Al Salem', 'فهد السالم'],
  ['Al Hamra', 'الحمراء'],
  ['Omar Ibn Al Khattab', 'عمر بن الخطاب'],
];

export const STREET_TYPES: Pair[] = [
  ['Street', 'شارع'],
  ['Road', 'طريق'],
  ['Avenue', 'جادة'],
];

export const DISTRICT_WORDS: Pair[] = [
  ['Building', 'مبنى'],
  ['Office', 'مكتب'],
  ['Block', 'قطعة'],
  ['Floor', 'الطابق'],
];

/** Goods and services, each with its usual unit price range in EGP-like magnitude (scaled per currency). */
export const ITEMS: { name: Pair; price: [number, number] }[] = [
  { name: ['Steel Shelving Unit', 'وحدة أرفف حديد'], price: [400, 3500] },
  { name: ['Executive Desk', 'مكتب تنفيذي'], price: [1500, 9000] },
  { name: ['Whiteboard', 'سبورة بيضاء'], price: [150, 900] },
  { name: ['Ballpoint Pens', 'أقلام حبر جاف'], price: [5, 60] },
  { name: ['Stapler', 'دباسة'], price: [20, 150] },
  { name: ['Filing Cabinet', 'خزانة ملفات'], price: [800, 4000] },
  { name: ['Wireless Mouse', 'فأرة لاسلكية'], price: [60, 400] },
  { name: ['Keyboard', 'لوحة مفاتيح'], price: [80, 600] },
  { name: ['Computer Monitor', 'شاشة كمبيوتر'], price: [1500, 7000] },
  { name: ['Network Switch', 'محول شبكة'], price: [500, 6000] },
  { name: ['Surveillance Camera', 'كاميرا مراقبة'], price: [300, 2500] },
  { name: ['Fire Extinguisher', 'طفاية حريق'], price: [150, 900] },
  { name: ['First Aid Kit', 'حقيبة إسعافات أولية'], price: [100, 500] },
  { name: ['Hand Sanitizer', 'معقم يدين'], price: [15, 90] },
  { name: ['Paper Towels', 'مناديل ورقية'], price: [10, 80] },
  { name: ['Coffee Beans', 'حبوب قهوة'], price: [120, 700] },
  { name: ['Arabic Coffee Pot', 'دلة قهوة عربية'], price: [80, 600] },
  { name: ['Dates Box', 'علبة تمور'], price: [50, 400] },
  { name: ['Bottled Juice', 'عصير معبأ'], price: [5, 40] },
  { name: ['Cement', 'أسمنت'], price: [70, 160] },
  { name: ['Ceramic Tiles', 'بلاط سيراميك'], price: [60, 450] },
  { name: ['Paint', 'دهان'], price: [150, 1200] },
  { name: ['Copper Wire', 'سلك نحاس'], price: [40, 300] },
  { name: ['Water Pump', 'مضخة مياه'], price: [900, 6000] },
  { name: ['Split Air Conditioner', 'مكيف سبليت'], price: [9000, 30000] },
  { name: ['Uniform Shirt', 'قميص زي موحد'], price: [90, 400] },
  { name: ['Safety Helmet', 'خوذة سلامة'], price: [40, 250] },
  { name: ['Software License', 'رخصة برنامج'], price: [500, 12000] },
  { name: ['Cloud Hosting', 'استضافة سحابية'], price: [300, 5000] },
  { name: ['Graphic Design', 'تصميم جرافيك'], price: [500, 8000] },
  { name: ['Translation Services', 'خدمات ترجمة'], price: [200, 3000] },
  { name: ['Training Course', 'دورة تدريبية'], price: [1000, 15000] },
  { name: ['Equipment Rental', 'تأجير معدات'], price: [800, 9000] },
  { name: ['Freight Charges', 'رسوم الشحن'], price: [100, 4000] },
  { name: ['Installation', 'تركيب'], price: [150, 3000] },
  { name: ['Annual Maintenance Contract', 'عقد صيانة سنوي'], price: [2000, 40000] },
  { name: ['Pest Control', 'مكافحة حشرات'], price: [300, 2500] },
  { name: ['Legal Consultation', 'استشارة قانونية'], price: [800, 10000] },
  { name: ['Event Catering', 'تموين حفلات'], price: [2000, 25000] },
  { name: ['Photography', 'تصوير فوتوغرافي'], price: [500, 6000] },
  { name: ['Vehicle Service', 'صيانة مركبة'], price: [400, 5000] },
  { name: ['Engine Oil', 'زيت محرك'], price: [150, 900] },
  { name: ['Car Battery', 'بطارية سيارة'], price: [900, 4000] },
  { name: ['Tyres', 'إطارات'], price: [800, 5000] },
  { name: ['Medical Gloves', 'قفازات طبية'], price: [80, 400] },
  { name: ['Blood Pressure Monitor', 'جهاز قياس ضغط'], price: [400, 2500] },
  { name: ['Printed Brochures', 'مطويات مطبوعة'], price: [200, 3000] },
  { name: ['Signboard', 'لوحة إعلانية'], price: [1000, 12000] },
];

/** Units that may follow an item name in parentheses: [English, Arabic]. */
export const UNITS: Pair[] = [
  ['box', 'علبة'],
  ['set', 'طقم'],
  ['pack', 'عبوة'],
  ['roll', 'لفة'],
  ['meter', 'متر'],
  ['day', 'يوم'],
  ['month', 'شهر'],
  ['piece', 'قطعة'],
  ['kg', 'كجم'],
  ['bag', 'كيس'],
];

/** Label wordings per field: many English and Arabic variants. */
export const LABELS: Record<string, { en: string[]; ar: string[] }> = {
  title: {
    en: ['INVOICE', 'Invoice', 'TAX INVOICE', 'Tax Invoice', 'Sales Invoice', 'Commercial Invoice', 'Bill'],
    ar: ['فاتورة', 'فاتورة ضريبية', 'فاتورة مبيعات', 'فاتورة تجارية', 'فاتورة ضريبية مبسطة'],
  },
  number: {
    en: [
      'Invoice No.',
      'Invoice #',
      'Invoice Number',
      'Inv. No',
      'No.',
      'Ref.',
      'Document No.',
      'Invoice Ref',
    ],
    ar: ['رقم الفاتورة', 'فاتورة رقم', 'الرقم', 'رقم المستند', 'المرجع', 'رقم'],
  },
  issue: {
    en: ['Date', 'Invoice Date', 'Issue Date', 'Date of Issue', 'Dated', 'Issued On', 'Date of Supply'],
    ar: ['التاريخ', 'تاريخ الفاتورة', 'تاريخ الإصدار', 'تحريراً في', 'تاريخ التوريد'],
  },
  due: {
    en: ['Due Date', 'Payment Due', 'Due', 'Pay By', 'Due On', 'Payment Date'],
    ar: ['تاريخ الاستحقاق', 'يستحق في', 'آخر موعد للسداد', 'موعد الدفع', 'الاستحقاق'],
  },
  vendor: {
    en: ['From', 'Seller', 'Supplier', 'Vendor', 'Billed By', 'Issued By'],
    ar: ['المورد', 'البائع', 'من', 'اسم المورد', 'صادرة من'],
  },
  customer: {
    en: ['Bill To', 'Billed To', 'Customer', 'To', 'Buyer', 'Sold To', 'Client', 'Invoice To'],
    ar: ['العميل', 'فاتورة إلى', 'إلى', 'المشتري', 'السادة', 'اسم العميل', 'مطلوب من'],
  },
  subtotal: {
    en: ['Subtotal', 'Sub-total', 'Net Amount', 'Total before VAT', 'Amount excl. VAT', 'Taxable Amount'],
    ar: ['المجموع الفرعي', 'الإجمالي قبل الضريبة', 'المبلغ الخاضع للضريبة', 'الإجمالي الفرعي', 'صافي المبلغ'],
  },
  tax: {
    en: ['VAT', 'Tax', 'Value Added Tax', 'VAT Amount', 'Sales Tax'],
    ar: ['ضريبة القيمة المضافة', 'الضريبة', 'قيمة الضريبة', 'ض.ق.م'],
  },
  total: {
    en: ['Total', 'Grand Total', 'Amount Due', 'Total Due', 'Balance Due', 'Total incl. VAT', 'Net Payable'],
    ar: [
      'الإجمالي',
      'المجموع الكلي',
      'الإجمالي المستحق',
      'المبلغ المستحق',
      'الإجمالي شامل الضريبة',
      'الصافي المستحق',
    ],
  },
  taxId: {
    en: ['VAT No.', 'TRN', 'Tax ID', 'Tax Reg. No.', 'VAT Reg. No.'],
    ar: ['الرقم الضريبي', 'رقم التسجيل الضريبي', 'رقم ضريبة القيمة المضافة', 'رقم التسجيل'],
  },
  phone: { en: ['Tel', 'Phone', 'Mobile', 'T'], ar: ['هاتف', 'تليفون', 'جوال', 'ت'] },
  index: { en: ['#', 'No.', 'S/N', 'Sr.'], ar: ['م', '#', 'الرقم', 'ت'] },
  description: {
    en: ['Description', 'Item', 'Details', 'Product / Service', 'Particulars', 'Item Description'],
    ar: ['الوصف', 'البيان', 'الصنف', 'المنتج / الخدمة', 'التفاصيل'],
  },
  quantity: { en: ['Qty', 'Quantity', 'Units', 'QTY'], ar: ['الكمية', 'العدد', 'الكمية المطلوبة'] },
  unitPrice: {
    en: ['Unit Price', 'Rate', 'Price', 'Unit Cost', 'Price/Unit'],
    ar: ['سعر الوحدة', 'السعر', 'سعر المفرد', 'الفئة'],
  },
  lineTotal: {
    en: ['Amount', 'Total', 'Line Total', 'Value', 'Net'],
    ar: ['الإجمالي', 'المبلغ', 'القيمة', 'المجموع'],
  },
  thanks: {
    en: [
      'Thank you for your business.',
      'We appreciate your prompt payment.',
      'Goods once sold are not returnable.',
    ],
    ar: ['شكراً لتعاملكم معنا', 'نشكركم على ثقتكم', 'البضاعة المباعة لا ترد ولا تستبدل'],
  },
  terms: {
    en: ['Payment terms: {n} days', 'Please pay within {n} days', 'Terms: Net {n}'],
    ar: ['شروط الدفع: خلال {n} يوماً', 'يرجى السداد خلال {n} يوماً'],
  },
  bank: { en: ['Bank', 'Bank details', 'Pay to'], ar: ['البنك', 'بيانات الحساب البنكي', 'الحساب البنكي'] },
  page: { en: ['Page {p} of {n}'], ar: ['صفحة {p} من {n}'] },
  amountsIn: {
    en: ['All amounts in {c}', 'Currency: {c}', 'Amounts in {c}'],
    ar: ['المبالغ بـ{c}', 'العملة: {c}'],
  },
};

export const BANKS: Pair[] = [
  ['National Bank', 'البنك الوطني'],
  ['Commercial Bank', 'البنك التجاري'],
  ['Islamic Bank', 'البنك الإسلامي'],
  ['Investment Bank', 'بنك الاستثمار'],
  ['Gulf Bank', 'بنك الخليج'],
];
