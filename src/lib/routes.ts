/**
 * Every address of the app, declared once (decision 064): each page's path (spec §2's, which do not
 * change), the search params it reads with their types, who may see it, the layout it is shown in
 * and the module of its page (decision 080). Links, navigations and
 * redirects are built by `href`, pages read their address by `readSearch` (or `useRouteSearch`),
 * and the router, the deployment's routes, robots.txt and the sitemap are derived from this table;
 * `local/app-paths` refuses a literal app path anywhere else in src/.
 *
 * No zod here: the shell links to pages, and the shell's chunk stays free of the contract's
 * runtime (decision 026). A search param is a small codec of its own (`Param`).
 */
import type { z } from 'zod';
import type { operations } from '#contract/index';
import type { Fen } from '#contract/money';
import { SERVICE_PARAM } from '#contract/account-service';

/** The search page's filters: search_by_screening_conditions' query but page_size, the page's own choice. */
export type SearchState = Omit<z.output<(typeof operations)['search_by_screening_conditions']['query']>, 'page_size'>;

/** How one search param travels as text; `read` answers undefined for a value it does not take. */
export interface Param<T> {
  read(raw: string): T | undefined;
  /** undefined: the value is the default and stays out of the address. */
  write(value: T): string | undefined;
}

const positiveId = /^\d{1,15}$/;

/** A record's id: a positive integer (?id=3); anything else is no id. */
export const id: Param<number> = {
  read: (raw) => (positiveId.test(raw.trim()) && Number(raw.trim()) > 0 ? Number(raw.trim()) : undefined),
  write: String,
};

/** A whole number the page checks further (an age, an enum's code). */
export const int: Param<number> = {
  read: (raw) => (/^\s*-?\d{1,15}\s*$/.test(raw) ? Number(raw) : undefined),
  write: String,
};

/** An enum's code (a weekday, an admission kind): typed as the contract's; the page checks it. */
const code = <V extends number>() => int as Param<unknown> as Param<V>;

/** A page of a list: 2 and up; page 1 is the default and stays out of the address. */
export const pageNumber: Param<number> = {
  read: (raw) => {
    const page = Number(raw);
    return Number.isInteger(page) && page > 1 ? page : undefined;
  },
  write: (page) => (page > 1 ? String(page) : undefined),
};

/** Text; blank is none. */
export const text: Param<string> = {
  read: (raw) => raw.trim() || undefined,
  write: (value) => value.trim() || undefined,
};

/** A switch, on when the address says `on` (`?activity=1`, `?available=true`); off is absent. */
export const flag = (on: string): Param<boolean> => ({
  read: (raw) => (raw === on ? true : undefined),
  write: (value) => (value ? on : undefined),
});

/** One of a few words (`?status=success`). */
export const oneOf = <const W extends string>(...words: W[]): Param<W> => ({
  read: (raw) => words.find((w) => w === raw),
  write: (value) => value,
});

/** An amount: yuan with at most two decimals in the address (as on the wire), whole fen once read. */
export const yuan: Param<Fen> = {
  read: (raw) => (/^\d{1,13}(\.\d{1,2})?$/.test(raw.trim()) ? (Math.round(Number(raw) * 100) as Fen) : undefined),
  write: (fen) => String(Math.round(fen) / 100),
};

/** A param the address must hold for the page to show its record (the page says so without it). */
interface Required<T> extends Param<T> {
  required: true;
}
export const required = <T>(param: Param<T>): Required<T> => ({ ...param, required: true });

type Params = Record<string, Param<never> | Param<unknown>>;

/** Who may see a page: anyone (in the sitemap), a signed-in parent, or anyone but no search engine. */
export type Access = 'public' | 'session' | 'unlisted';

/** The frame a page is shown in (src/app/layouts/): the site's, a journey's, the personal center's, or none. */
export type Layout = 'default' | 'details' | 'personal' | 'empty';

/**
 * A page's module under src/features/ and the component it exports:
 * `orders/order-list-page#OrderListPage` is `OrderListPage` of src/features/orders/order-list-page.tsx.
 * Its chunk loads inside its layout (src/app/lazy-page.tsx); the calls it renders with are declared
 * beside it, in `<module>.data.ts` (src/lib/api/route-data.ts, decision 080).
 */
export type PageModule = `${string}/${string}-page#${string}Page`;

interface Route<P extends string = string, S extends Params = Params> {
  path: P;
  search: S;
  access: Access;
  layout: Layout;
  page: PageModule;
}

type NoParams = Record<never, Param<unknown>>;

function route<const P extends string>(path: P, access: Access, layout: Layout, page: PageModule): Route<P, NoParams>;
function route<const P extends string, S extends Params>(path: P, access: Access, layout: Layout, page: PageModule, search: S): Route<P, S>;
function route(path: string, access: Access, layout: Layout, page: PageModule, search: Params = {}): Route {
  return { path, access, layout, page, search };
}

/** A page of the personal center (`/personal/<name>`); every one needs a session. */
function personal<const N extends string>(name: N, page: PageModule): Route<`/personal/${N}`, NoParams>;
function personal<const N extends string, S extends Params>(name: N, page: PageModule, search: S): Route<`/personal/${N}`, S>;
function personal(name: string, page: PageModule, search: Params = {}): Route {
  return route(`/personal/${name}`, 'session', 'personal', page, search);
}

/** A personal list's filters: its status tab (an enum's key, which the page looks up), the child it shows, its page. */
const listFilters = { status: text, child: id, page: pageNumber };

/**
 * The search page's filters, in the order the address writes them (so one search reads one way),
 * under the names of search_by_screening_conditions' query; the page checks each against it.
 */
const searchFilters = {
  name: text,
  center: id,
  specialty: id,
  age: int,
  weekday: code<NonNullable<SearchState['weekday']>>(),
  time_of_day: code<NonNullable<SearchState['time_of_day']>>(),
  admission_kind: code<NonNullable<SearchState['admission_kind']>>(),
  fee_min: yuan,
  fee_max: yuan,
  available: flag('true'),
  page: pageNumber,
} satisfies { [K in keyof SearchState]-?: Param<NonNullable<SearchState[K]>> };

export const routes = {
  home: route('/', 'public', 'default', 'home/home-page#HomePage'),
  brochure: route('/apply', 'public', 'default', 'info/brochure-page#BrochurePage'),
  paymentNotice: route('/payment', 'public', 'default', 'info/payment-notice-page#PaymentNoticePage'),
  faq: route('/patriarchFAQ', 'public', 'default', 'info/faq-page#FaqPage', { keyword: text, page: pageNumber, expand: oneOf('all') }),
  enquiries: route('/enrollment', 'public', 'default', 'info/enquiries-page#EnrollmentPage'),
  feedback: route('/feedback', 'public', 'default', 'feedback/feedback-page#FeedbackPage'),
  search: route('/searchHome', 'public', 'default', 'search/search-page#SearchPage', searchFilters),
  classDetails: route('/details', 'public', 'details', 'class-details/class-details-page#ClassDetailsPage', { id: required(id) }),
  signUp: route('/appointment', 'session', 'details', 'enrolment/appointment-page#AppointmentPage', { id: required(id) }),
  orderConfirm: route('/settlement', 'session', 'details', 'enrolment/settlement-page#SettlementPage', { signUpId: required(id) }),
  orderPayment: route('/collectMoney', 'session', 'details', 'payment/order-pay-page#OrderPayPage', { orderId: required(id) }),
  supplyFeePayment: route('/collectMoneySupply', 'unlisted', 'details', 'payment/supply-fee-pay-page#SupplyFeePayPage', { supplyFeeId: required(id) }),
  paymentResult: route('/paymentResult', 'session', 'details', 'payment/payment-result-page#PaymentResultPage', { orderId: required(id), status: oneOf('success') }),
  payLink: route('/payLink', 'unlisted', 'details', 'payment/pay-link-page#PayLinkPage', { orderId: required(id) }),
  loginClosed: route('/loginClose', 'unlisted', 'empty', 'info/login-close-page#LoginClosePage', { [SERVICE_PARAM]: text }),
  // Not a page: where a sign-in link goes (decision 090). Its loader starts the sign-in and leaves for the account service.
  login: route('/login', 'unlisted', 'empty', 'info/login-page#LoginPage', { from: text }),

  // The personal center's own address shows the personal data, as /personal/personalData does.
  personal: route('/personal', 'session', 'personal', 'account/personal-data-page#PersonalDataPage'),
  personalData: personal('personalData', 'account/personal-data-page#PersonalDataPage'),
  signUps: personal('classBooking', 'orders/class-booking-page#ClassBookingPage', listFilters),
  myClasses: personal('classGrade', 'orders/class-grade-page#ClassGradePage', { ...listFilters, status: oneOf('finished') }),
  orders: personal('myOrder', 'orders/order-list-page#OrderListPage', listFilters),
  supplyFees: personal('supplyFee', 'orders/supply-fee-page#SupplyFeePage', listFilters),
  refunds: personal('refund', 'refunds/refund-records-page#RefundRecordsPage', { page: pageNumber }),
  favourites: personal('collect', 'collections/collections-page#CollectionsPage', { type: int, page: pageNumber }),
  invoices: personal('invoiceInfo', 'invoices/invoice-info-page#InvoiceInfoPage', { id, page: pageNumber }),
  pickupPeople: personal('accessControl', 'access-control/access-control-page#AccessControlPage', { child: id }),
  mailingAddress: personal('mailing', 'mailing/mailing-page#MailingPage', { back: text }),
  messages: personal('systemMessages', 'messages/messages-page#MessagesPage', { page: pageNumber }),
  children: personal('contacts', 'contacts/contacts-page#ContactsPage', { edit: id, add: flag('1'), page: pageNumber }),
  realName: personal('accountAntonym', 'account/real-name-page#RealNamePage'),
  phone: personal('accountPhone', 'account/phone-page#PhonePage'),
  email: personal('accountMailbox', 'account/mailbox-page#MailboxPage'),
  wechat: personal('accountWx', 'account/wechat-page#WechatPage'),
  password: personal('password', 'account/password-page#PasswordPage'),
  orderDetails: personal('orderDetails', 'orders/order-detail-page#OrderDetailPage', { id: required(id) }),
  refundRequest: personal('refundConfirm', 'refunds/refund-confirm-page#RefundConfirmPage', { id: required(id) }),
  refundDetails: personal('refundDetails', 'refunds/refund-details-page#RefundDetailsPage', { id: required(id), activity: flag('1') }),
  invoiceRequest: personal('applyInvoice', 'invoices/apply-invoice-page#ApplyInvoicePage', { id: required(id) }),
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof routes;
type SearchOf<N extends RouteName> = (typeof routes)[N]['search'];
type ValueOf<P> = P extends Param<infer T> ? T : never;
type RequiredKeys<S> = { [K in keyof S]: S[K] extends { required: true } ? K : never }[keyof S];

/** What a link to a page puts in its address: the required params, and any of the others. */
export type SearchFor<N extends RouteName> = { [K in RequiredKeys<SearchOf<N>>]: ValueOf<SearchOf<N>[K]> } & {
  [K in Exclude<keyof SearchOf<N>, RequiredKeys<SearchOf<N>>>]?: ValueOf<SearchOf<N>[K]>;
};
/** What a page reads from its address: every param may be missing or malformed (then it is absent). */
export type ReadSearch<N extends RouteName> = { [K in keyof SearchOf<N>]?: ValueOf<SearchOf<N>[K]> };

/** A link's address: branded, so `to` of a link can be checked to come from here. */
export type Href = string & { readonly __href: unique symbol };

/**
 * The search params of a page's address, in the table's order (so one search reads one way), or
 * in the order given (a link of spec §2's: `/searchHome?specialty={id}&center={id}`); defaults
 * and blanks left out.
 */
export function searchParamsOf<N extends RouteName>(name: N, search: ReadSearch<N>, order: 'table' | 'given' = 'table'): URLSearchParams {
  const declared = routes[name].search as Record<string, Param<unknown>>;
  const params = new URLSearchParams();
  for (const key of order === 'table' ? Object.keys(declared) : Object.keys(search)) {
    const value = (search as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === false || !declared[key]) continue;
    const written = declared[key].write(value);
    if (written !== undefined) params.set(key, written);
  }
  return params;
}

/**
 * The address of a page: `href('orderDetails', { id: 3 })` → `/personal/orderDetails?id=3`, its
 * params in the order given. A page with a required param cannot be linked without it; an
 * unknown param is a type error.
 */
export function href<N extends RouteName>(
  name: N,
  ...[search]: [keyof SearchOf<N>] extends [never] ? [] : [RequiredKeys<SearchOf<N>>] extends [never] ? [search?: SearchFor<N>] : [search: SearchFor<N>]
): Href {
  const query = searchParamsOf(name, (search ?? {}) as ReadSearch<N>, 'given').toString();
  return `${routes[name].path}${query ? `?${query}` : ''}` as Href;
}

/** A page's search params read from its address: each one its param takes, others left out. */
export function readSearch<N extends RouteName>(name: N, params: URLSearchParams): ReadSearch<N> {
  const out: Record<string, unknown> = {};
  for (const [key, param] of Object.entries(routes[name].search) as [string, Param<unknown>][]) {
    const raw = params.get(key);
    const value = raw === null ? undefined : param.read(raw);
    if (value !== undefined) out[key] = value;
  }
  return out as ReadSearch<N>;
}

/** Which page an address is, if any (`/personal/myOrder/` too). */
export function routeAt(pathname: string): RouteName | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return (Object.keys(routes) as RouteName[]).find((name) => routes[name].path === path);
}

/** Every page's path. */
export const pagePaths = (Object.values(routes) as Route[]).map((r) => r.path);
