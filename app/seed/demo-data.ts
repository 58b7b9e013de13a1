// The demo data set's curated facts, kept as data so that the seed (seed.server.ts) holds only
// the logic of putting them in the database.

/** Every demo user signs in with this password. */
export const DEMO_PASSWORD = "demo12345";

/**
 * The two-factor secret of the demo admin and sub-admin (roles 1 and 2 must use two-factor
 * sign-in; docs/decisions/121). Public on purpose, like the password: add it to an
 * authenticator app, or print the current code with `npm run totp`. Real accounts each scan
 * their own secret at /settings/two-factor.
 */
export const DEMO_TOTP_SECRET = "6QYFOZR3P6T36XHSQZQUWSB235AJF2PF";

export const INDEX_SECTOR = "INDEX";

export interface DemoSector {
  name: string;
  description: string;
}

// NSE's industry names as its index constituent lists print them, plus INDEX for the indices.
export const DEMO_SECTORS: readonly DemoSector[] = [
  { name: INDEX_SECTOR, description: "Index futures and indices" },
  { name: "FINANCIAL SERVICES", description: "Banks, non-banking lenders and insurers" },
  { name: "IT", description: "Information technology services" },
  { name: "ENERGY", description: "Oil, gas and coal" },
  { name: "AUTOMOBILE", description: "Cars, tractors and two-wheelers" },
  { name: "CONSUMER GOODS", description: "Household goods, food and consumer durables" },
  { name: "PHARMA", description: "Pharmaceuticals" },
  { name: "METALS", description: "Steel and aluminium" },
  { name: "CEMENT & CEMENT PRODUCTS", description: "Cement" },
  { name: "TELECOM", description: "Telecom services" },
  { name: "CONSTRUCTION", description: "Engineering and construction" },
  { name: "POWER", description: "Power generation and transmission" },
];

export interface DemoSymbol {
  code: string;
  sector: string;
  /** The company or index name. */
  description: string;
  segment: "NSE" | "NFO" | "BSE";
  lotSize: number;
  /** Spacing of the key ladder's rungs (docs/product-rules.md R-D17). */
  step: number;
  referencePrice: number;
  /** Read aloud with hi-IN speech. */
  audioScript: string;
  dagluPer?: number;
  fromDagluPer?: number;
  toDagluPer?: number;
}

// Reference prices are approximate recent price levels that start the simulated feed; they are
// not quotes. Lot sizes approximate NSE's F&O lot sizes, which NSE revises periodically. Steps
// are about 0.5 % of the reference price: whole rupees below ₹500, multiples of ₹5 above.
export const DEMO_SYMBOLS: readonly DemoSymbol[] = [
  // Indices: the two NSE near-month index futures and the BSE Sensex.
  {
    code: "NIFTY-I",
    sector: INDEX_SECTOR,
    description: "Nifty 50 near-month futures",
    segment: "NFO",
    lotSize: 75,
    step: 50,
    referencePrice: 24000,
    audioScript: "निफ्टी",
    dagluPer: 1,
    fromDagluPer: 0.5,
    toDagluPer: 1.5,
  },
  {
    code: "BANKNIFTY-I",
    sector: INDEX_SECTOR,
    description: "Nifty Bank near-month futures",
    segment: "NFO",
    lotSize: 35,
    step: 100,
    referencePrice: 51000,
    audioScript: "बैंक निफ्टी",
    dagluPer: 1,
    fromDagluPer: 0.5,
    toDagluPer: 1.5,
  },
  {
    code: "SENSEX",
    sector: INDEX_SECTOR,
    description: "BSE Sensex",
    segment: "BSE",
    lotSize: 20,
    step: 100,
    referencePrice: 79000,
    audioScript: "सेंसेक्स",
    dagluPer: 1,
    fromDagluPer: 0.5,
    toDagluPer: 1.5,
  },

  // FINANCIAL SERVICES
  stock("HDFCBANK", "FINANCIAL SERVICES", "HDFC Bank Ltd", 550, 5, 990, "एचडीएफसी बैंक"),
  stock("ICICIBANK", "FINANCIAL SERVICES", "ICICI Bank Ltd", 700, 5, 1380, "आईसीआईसीआई बैंक"),
  stock("SBIN", "FINANCIAL SERVICES", "State Bank of India", 750, 5, 960, "स्टेट बैंक ऑफ़ इंडिया"),
  stock("KOTAKBANK", "FINANCIAL SERVICES", "Kotak Mahindra Bank Ltd", 400, 10, 2100, "कोटक महिंद्रा बैंक"),
  stock("AXISBANK", "FINANCIAL SERVICES", "Axis Bank Ltd", 625, 5, 1250, "एक्सिस बैंक"),
  stock("BAJFINANCE", "FINANCIAL SERVICES", "Bajaj Finance Ltd", 750, 5, 1000, "बजाज फाइनेंस"),
  stock("BAJAJFINSV", "FINANCIAL SERVICES", "Bajaj Finserv Ltd", 250, 10, 2050, "बजाज फिनसर्व"),
  stock("HDFCLIFE", "FINANCIAL SERVICES", "HDFC Life Insurance Company Ltd", 1100, 5, 760, "एचडीएफसी लाइफ"),
  stock("SBILIFE", "FINANCIAL SERVICES", "SBI Life Insurance Company Ltd", 375, 10, 1900, "एसबीआई लाइफ"),
  stock("SHRIRAMFIN", "FINANCIAL SERVICES", "Shriram Finance Ltd", 825, 5, 750, "श्रीराम फाइनेंस"),

  // IT
  stock("TCS", "IT", "Tata Consultancy Services Ltd", 175, 15, 3150, "टीसीएस"),
  stock("INFY", "IT", "Infosys Ltd", 400, 10, 1550, "इन्फोसिस"),
  stock("HCLTECH", "IT", "HCL Technologies Ltd", 350, 10, 1600, "एचसीएल टेक"),
  stock("WIPRO", "IT", "Wipro Ltd", 3000, 1, 250, "विप्रो"),
  stock("TECHM", "IT", "Tech Mahindra Ltd", 600, 10, 1500, "टेक महिंद्रा"),

  // ENERGY
  stock("RELIANCE", "ENERGY", "Reliance Industries Ltd", 500, 10, 1500, "रिलायंस"),
  stock("ONGC", "ENERGY", "Oil & Natural Gas Corporation Ltd", 2250, 1, 245, "ओएनजीसी"),
  stock("COALINDIA", "ENERGY", "Coal India Ltd", 1350, 2, 390, "कोल इंडिया"),

  // AUTOMOBILE
  stock("MARUTI", "AUTOMOBILE", "Maruti Suzuki India Ltd", 50, 80, 16000, "मारुति सुज़ुकी"),
  stock("M&M", "AUTOMOBILE", "Mahindra & Mahindra Ltd", 200, 20, 3600, "महिंद्रा एंड महिंद्रा"),
  stock("BAJAJ-AUTO", "AUTOMOBILE", "Bajaj Auto Ltd", 75, 45, 8900, "बजाज ऑटो"),
  stock("EICHERMOT", "AUTOMOBILE", "Eicher Motors Ltd", 175, 35, 7000, "आयशर मोटर्स"),

  // CONSUMER GOODS
  stock("HINDUNILVR", "CONSUMER GOODS", "Hindustan Unilever Ltd", 300, 10, 2450, "हिंदुस्तान यूनिलीवर"),
  stock("ITC", "CONSUMER GOODS", "ITC Ltd", 1600, 2, 410, "आईटीसी"),
  stock("NESTLEIND", "CONSUMER GOODS", "Nestle India Ltd", 500, 5, 1250, "नेस्ले इंडिया"),
  stock("ASIANPAINT", "CONSUMER GOODS", "Asian Paints Ltd", 250, 15, 2500, "एशियन पेंट्स"),
  stock("TITAN", "CONSUMER GOODS", "Titan Company Ltd", 175, 20, 3700, "टाइटन"),
  stock("TATACONSUM", "CONSUMER GOODS", "Tata Consumer Products Ltd", 550, 5, 1150, "टाटा कंज़्यूमर"),

  // PHARMA
  stock("SUNPHARMA", "PHARMA", "Sun Pharmaceutical Industries Ltd", 350, 10, 1750, "सन फार्मा"),
  stock("DRREDDY", "PHARMA", "Dr. Reddy's Laboratories Ltd", 625, 5, 1250, "डॉक्टर रेड्डीज़"),
  stock("CIPLA", "PHARMA", "Cipla Ltd", 375, 10, 1520, "सिप्ला"),

  // METALS
  stock("TATASTEEL", "METALS", "Tata Steel Ltd", 5500, 1, 170, "टाटा स्टील"),
  stock("JSWSTEEL", "METALS", "JSW Steel Ltd", 675, 5, 1150, "जेएसडब्ल्यू स्टील"),
  stock("HINDALCO", "METALS", "Hindalco Industries Ltd", 1400, 5, 800, "हिंडाल्को"),

  // CEMENT & CEMENT PRODUCTS
  stock("ULTRACEMCO", "CEMENT & CEMENT PRODUCTS", "UltraTech Cement Ltd", 50, 60, 11800, "अल्ट्राटेक सीमेंट"),
  stock("GRASIM", "CEMENT & CEMENT PRODUCTS", "Grasim Industries Ltd", 250, 15, 2750, "ग्रासिम"),

  // TELECOM
  stock("BHARTIARTL", "TELECOM", "Bharti Airtel Ltd", 475, 10, 2050, "भारती एयरटेल"),

  // CONSTRUCTION
  stock("LT", "CONSTRUCTION", "Larsen & Toubro Ltd", 175, 20, 3900, "लार्सन एंड टुब्रो"),

  // POWER
  stock("NTPC", "POWER", "NTPC Ltd", 1500, 2, 330, "एनटीपीसी"),
  stock("POWERGRID", "POWER", "Power Grid Corporation of India Ltd", 1900, 1, 280, "पावर ग्रिड"),
];

function stock(
  code: string,
  sector: string,
  description: string,
  lotSize: number,
  step: number,
  referencePrice: number,
  audioScript: string,
): DemoSymbol {
  return { code, sector, description, segment: "NSE", lotSize, step, referencePrice, audioScript };
}

export interface DemoUser {
  name: string;
  username: string;
  email: string;
  roleId: 1 | 2 | 3 | 4;
}

export const DEMO_USERS = {
  admin: { name: "Admin", username: "admin", email: "admin@example.com", roleId: 1 },
  subAdmin: { name: "Sub Admin", username: "subadmin", email: "subadmin@example.com", roleId: 2 },
  employee: { name: "Employee", username: "employee", email: "employee@example.com", roleId: 3 },
  customer: { name: "Customer", username: "customer", email: "customer@example.com", roleId: 4 },
} as const satisfies Record<string, DemoUser>;

/** The settings every user starts with (names and values as the documents give them). */
export const DEFAULT_USER_SETTINGS: Readonly<Record<string, string>> = {
  Theme: "light",
  chart: "1",
  Swing: "true",
  WA: "false",
  MD: "false",
  WD: "false",
  MA: "false",
  Daglu: "false",
  "Show Targets": "true",
  viewChart: "normal",
  tradeSeconds: "30",
  studies: "[]",
};

/** What the demo customer's subscription covers, besides the indices. */
export const CUSTOMER_SUBSCRIBED_STOCKS: readonly string[] = [
  "RELIANCE",
  "HDFCBANK",
  "ICICIBANK",
  "SBIN",
  "AXISBANK",
  "INFY",
  "TCS",
  "ITC",
  "LT",
  "BHARTIARTL",
];

export interface DemoWatchlist {
  name: string;
  symbols: readonly string[];
}

export const EMPLOYEE_WATCHLISTS: readonly DemoWatchlist[] = [
  { name: "Indices", symbols: ["NIFTY-I", "BANKNIFTY-I", "SENSEX"] },
  { name: "Banks", symbols: ["HDFCBANK", "ICICIBANK", "SBIN", "KOTAKBANK", "AXISBANK"] },
  { name: "IT", symbols: ["TCS", "INFY", "HCLTECH", "WIPRO", "TECHM"] },
];

export const ADMIN_WATCHLISTS: readonly DemoWatchlist[] = [
  { name: "Indices", symbols: ["NIFTY-I", "BANKNIFTY-I", "SENSEX"] },
  { name: "Energy", symbols: ["RELIANCE", "ONGC", "NTPC"] },
];

// Only symbols of the customer's subscription: a customer sees nothing else.
export const CUSTOMER_WATCHLISTS: readonly DemoWatchlist[] = [
  { name: "Indices", symbols: ["NIFTY-I", "BANKNIFTY-I", "SENSEX"] },
  { name: "Banks", symbols: ["HDFCBANK", "ICICIBANK", "SBIN", "AXISBANK"] },
  { name: "Largecaps", symbols: ["RELIANCE", "INFY", "TCS", "ITC", "LT", "BHARTIARTL"] },
];

export interface DemoKey {
  name: string;
  displayName: string;
  type: "plus" | "minus";
  srNo: number;
  description: string;
}

// Five rungs above and five below the previous settlement (docs/product-rules.md R-D17). A plus and a minus
// key share a display name; their events differ by the BUY or SELL that follows it.
export const DEMO_KEYS: readonly DemoKey[] = (["plus", "minus"] as const).flatMap((type) =>
  [1, 2, 3, 4, 5].map((srNo) => ({
    name: `${type.toUpperCase()}_${srNo}`,
    displayName: `K${srNo}`,
    type,
    srNo,
    description: `Previous settlement ${type === "plus" ? "+" : "-"} ${srNo} x step`,
  })),
);

export interface MarketHoliday {
  date: string;
  note: string;
}

// NSE equity and derivatives trading holidays of 2026 as published in NSE's holiday circular
// (with the 15 January closing for the Maharashtra municipal elections announced later).
// Check the list against NSE's current circular before relying on it.
export const NSE_HOLIDAYS_2026: readonly MarketHoliday[] = [
  { date: "2026-01-15", note: "Municipal Corporation Elections in Maharashtra" },
  { date: "2026-01-26", note: "Republic Day" },
  { date: "2026-03-03", note: "Holi" },
  { date: "2026-03-26", note: "Shri Ram Navami" },
  { date: "2026-03-31", note: "Shri Mahavir Jayanti" },
  { date: "2026-04-03", note: "Good Friday" },
  { date: "2026-04-14", note: "Dr. Baba Saheb Ambedkar Jayanti" },
  { date: "2026-05-01", note: "Maharashtra Day" },
  { date: "2026-05-28", note: "Bakri Id" },
  { date: "2026-06-26", note: "Muharram" },
  { date: "2026-09-14", note: "Ganesh Chaturthi" },
  { date: "2026-10-02", note: "Mahatma Gandhi Jayanti" },
  { date: "2026-10-20", note: "Dussehra" },
  { date: "2026-11-10", note: "Diwali Balipratipada" },
  { date: "2026-11-24", note: "Prakash Gurpurb Sri Guru Nanak Dev" },
  { date: "2026-12-25", note: "Christmas" },
];

export const WELCOME_BANNER = {
  title: "Welcome to the NSE Signal Dashboard",
  subText:
    "This is demo data: the trades, keys and targets are samples, and prices are simulated unless a live market feed is connected (the top bar says which). Happy exploring!",
};

export interface DemoAlert {
  owner: "employee" | "customer";
  symbol: string;
  name: string;
  condition: "Equal to" | "Greater than" | "Less than";
  /** The alert's price as a percentage away from the symbol's reference price. */
  offsetPercent: number;
  viewType: readonly ("Play sound" | "Notify in App")[];
  description: string;
}

export const DEMO_ALERTS: readonly DemoAlert[] = [
  {
    owner: "employee",
    symbol: "NIFTY-I",
    name: "Nifty breakout",
    condition: "Greater than",
    offsetPercent: 1,
    viewType: ["Play sound", "Notify in App"],
    description: "Nifty futures above yesterday's range",
  },
  {
    owner: "employee",
    symbol: "BANKNIFTY-I",
    name: "Bank Nifty breakdown",
    condition: "Less than",
    offsetPercent: -1,
    viewType: ["Notify in App"],
    description: "Bank Nifty futures below support",
  },
  {
    owner: "employee",
    symbol: "RELIANCE",
    name: "Reliance at reference",
    condition: "Equal to",
    offsetPercent: 0,
    viewType: ["Play sound"],
    description: "Reliance back at its reference level",
  },
  {
    owner: "customer",
    symbol: "NIFTY-I",
    name: "Nifty dip",
    condition: "Less than",
    offsetPercent: -1.5,
    viewType: ["Play sound", "Notify in App"],
    description: "Nifty futures dip to buy",
  },
  {
    owner: "customer",
    symbol: "HDFCBANK",
    name: "HDFC Bank strength",
    condition: "Greater than",
    offsetPercent: 2,
    viewType: ["Notify in App"],
    description: "HDFC Bank above resistance",
  },
  {
    owner: "customer",
    symbol: "INFY",
    name: "Infosys level",
    condition: "Equal to",
    offsetPercent: 0.5,
    viewType: ["Play sound", "Notify in App"],
    description: "Infosys touches the watched level",
  },
];

/** Reasons a demo trade gives for itself. */
export const DEMO_TRADE_REASONS: readonly string[] = [
  "Breakout above previous day high",
  "Bounce from pivot",
  "K2 key signal",
  "Reversal near week low",
  "Gap fill",
  "Trend continuation after pullback",
];
