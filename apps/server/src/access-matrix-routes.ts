/**
 * Who may call which route: the table the access matrix (access-matrix.test.ts) runs every route of
 * the app against. A route the table does not name fails that test; add it here with its class.
 *
 *   public          anyone, no token; it must never answer a person's data (victim markers) or, to
 *                   another tenant, the tenant's own catalogue (tenant markers)
 *   own-data        the signed-in caller's own person, orders, fees, profile; with the victim's ids
 *                   filled in, every other caller is refused or sees nothing of the victim's
 *   finance-office  a finance role of the token's tenant only; everyone else is refused (401/403), the
 *                   finance office of another tenant is refused or sees nothing of this tenant's. Each
 *                   names its lowest level (`level`: clerk, manager or admin, the route's
 *                   config.financeLevel); the matrix's role ladder checks a level below it gets 403 and
 *                   that level and those above get past the role check
 *   demo-only       a stand-in of an outside system (WeChat, WeChat Pay, SMS outbox, sandbox
 *                   checkout); must not exist in production mode (checked), so not run in the matrix
 *
 * Ids and other inputs are filled by parameter name (path, query and JSON body alike) from
 * fillers() in apps/server/test/access-matrix-support.ts: `orderNo` gets the victim's order numbers, `receivableId`
 * the victim's receivables, `userId` the victim's user id, and so on. A path `{id}` says what it
 * is with `ids` (e.g. `ids: { id: 'userId' }` for a route that disables a user). A new kind of id
 * needs the victim to own one: plant it in plantVictim() and name it in FillerName.
 */

export type RouteClass = 'public' | 'own-data' | 'finance-office' | 'demo-only';

/** The victim's values (keys of fillers() in apps/server/test/access-matrix-support.ts) a path `{id}` may stand for. */
export type FillerName =
  | 'orderId'
  | 'receivableId'
  | 'billId'
  | 'evidenceId'
  | 'feeItemId'
  | 'personId'
  | 'exceptionId'
  | 'userId'
  | 'bindingId'
  | 'orderNo'
  | 'receivableItems'
  | 'titleId'
  | 'invoiceId'
  | 'slipId'
  | 'otherIncomeId'
  | 'noticeId'
  | 'noticeAttachmentId'
  | 'reconciliationRunId'
  | 'importJobId'
  | 'importKind'
  | 'providerKind'
  | 'campaignId'
  | 'scheduleId';

/** The finance office's levels, lowest first (modules/admin/guard.ts). */
export type RouteLevel = 'clerk' | 'manager' | 'admin';

export interface RouteRule {
  class: RouteClass;
  /** finance-office only, and required there: the lowest level that may call the route. */
  level?: RouteLevel;
  /** Why, for public and demo-only routes and for anything unusual. */
  why?: string;
  /** Parameter name -> the filler it takes (for `{id}` and names that mean something else here). */
  ids?: Record<string, FillerName>;
  /** Parameters not to send (e.g. a catalogue id that would make a legitimate order of the caller's own). */
  omit?: string[];
  /** Tables this route writes by design whoever calls it, with the reason in `why`. */
  mayWrite?: string[];
  /** Victim markers this route may answer to a caller of the victim's tenant who sent the proof (`why`). */
  allowMarkers?: string[];
  /**
   * The route answers back what callers of the caller's own tenant sent before (the audit log keeps the
   * filter of every export): victim markers the matrix itself sent as such a caller are not counted.
   */
  echoesCallers?: boolean;
  /** The reply's `data` is a wire-AES Base64 string; the matrix checks its plaintext. */
  wireEncryptedReply?: boolean;
  /**
   * A refusal not in the Blade envelope: the token endpoint's raw `{error_code, error_description}`
   * (oauth), or a payment channel's own answer to its notify (channel).
   */
  replyShape?: 'oauth' | 'channel';
  /** Acts on the caller's own session (logout): each call gets a session of its own. */
  ownSession?: boolean;
  /**
   * The positive control, proving the filled ids reach real data: the owner (the victim, or the
   * finance office of the victim's tenant) makes the same call and it answers a victim marker.
   */
  ownerSees?: boolean;
  /**
   * A hole found by the matrix and not fixed yet: problems containing `problem` are reported by
   * the `it.fails` case of this route instead of failing the matrix. Remove it with the fix.
   */
  knownHole?: { problem: string; note: string };
}

const PUBLIC_TENANT = 'tenant settings and catalogue the sign-in page reads before login';
const STANDIN = 'demo stand-in of an outside system';

export const ROUTES: Record<string, RouteRule> = {
  // ---- app
  'GET /health': { class: 'public', why: 'liveness for the load balancer' },
  'GET /ready': { class: 'public', why: 'readiness for the load balancer (database up, migrations applied)' },
  'GET /api/docs/json': { class: 'public', why: 'the OpenAPI document' },
  'GET /api/blade-system/client-config': { class: 'public', why: 'client id and wire key, public by design' },

  // ---- auth
  'POST /api/blade-auth/oauth/token': {
    class: 'public',
    why: 'sign-in; the victim’s account and phone are filled in, with no captcha or password',
    replyShape: 'oauth',
  },
  'GET /api/blade-auth/oauth/captcha': { class: 'public', why: 'a new captcha', mayWrite: ['captchas'] },
  'GET /api/blade-auth/oauth/logout': { class: 'own-data', ownSession: true },
  'GET /api/blade-auth/oauth/user-info': { class: 'own-data', ownerSees: true },

  // ---- system, sms
  'GET /api/blade-system/param/value': { class: 'public', why: PUBLIC_TENANT },
  'GET /api/blade-system/param/value-list': { class: 'public', why: PUBLIC_TENANT },
  'GET /api/blade-system/dict/dictionary': { class: 'public', why: PUBLIC_TENANT },
  'GET /api/blade-system/menu/buttons': { class: 'own-data' },
  'GET /api/blade-system/tenant/mobile-module': { class: 'public', why: PUBLIC_TENANT },
  'GET /api/blade-system/tenant/get-by-tenant-id': { class: 'public', why: PUBLIC_TENANT },
  'GET /api/blade-system/tenant/list-public': { class: 'public', why: PUBLIC_TENANT },
  'POST /api/blade-resource/sms/endpoint/send-validate': {
    class: 'public',
    why: 'texts a code to the phone given (rate-limited); proving the phone is the point of the code',
    mayWrite: ['verification_codes', 'dev_outbox'],
  },

  // ---- user: binding and profile
  'POST /api/blade-user/check-and-send-validate': {
    class: 'own-data',
    why: 'texts a code to the phone of the bind form (the victim’s here); binding still needs that code',
    mayWrite: ['verification_codes', 'dev_outbox'],
  },
  'POST /api/blade-user/register-user': { class: 'own-data' },
  'POST /api/blade-user/bind-user': { class: 'own-data' },
  'GET /api/blade-user/bind-info': { class: 'own-data', ownerSees: true },
  'GET /api/blade-user/get-student-list-by-id-card': {
    class: 'own-data',
    why: 'spec §4 pick-student popup: whoever knows an ID card of the tenant sees its student numbers and names',
    allowMarkers: ['studentNo', 'realName'],
    wireEncryptedReply: true,
  },
  'POST /api/blade-user/send-validate': { class: 'own-data' },
  'POST /api/blade-user/verify-phone': { class: 'own-data' },
  'POST /api/blade-user/update-register-phone': { class: 'own-data' },
  'POST /api/blade-user/change-phone': {
    class: 'own-data',
  },
  'GET /api/blade-user/step-up-method': { class: 'own-data' },
  'POST /api/blade-user/verify-password': { class: 'own-data' },
  'POST /api/blade-user/change-bank-account': { class: 'own-data' },
  'GET /api/blade-user/notify-settings': { class: 'own-data' },
  'POST /api/blade-user/notify-settings': {
    class: 'own-data',
    why: "the caller's own choices of messages (keyed by the caller's tenant and user, whatever the body says)",
    mayWrite: ['notify_prefs'],
  },
  'POST /api/blade-user/change-email': { class: 'own-data' },
  'POST /api/blade-user/send-email-validate': {
    class: 'own-data',
    why: 'mails a code to the address given, after checking the caller’s own finance proof',
  },

  // ---- fees
  'GET /api/blade-finance/fee/student': { class: 'own-data', ownerSees: true },
  'GET /api/blade-finance/fee/other': { class: 'own-data', ownerSees: true },
  'GET /api/blade-finance/fee/item/{id}': {
    class: 'own-data',
    why: 'the tenant’s catalogue: its own users may read it, other tenants may not',
    ids: { id: 'feeItemId' },
  },
  'GET /api/blade-finance/fee/receivable/{id}': {
    class: 'own-data',
    ids: { id: 'receivableId' },
    ownerSees: true,
  },
  'POST /api/blade-finance/fee/offline': { class: 'own-data' },
  'POST /api/blade-finance/fee/offline/evidence': {
    class: 'own-data',
    why: 'stores a file of the caller’s own (multipart); the matrix sends none, so nothing is stored',
  },
  'GET /api/blade-finance/fee/offline/evidence/{id}': { class: 'own-data', ids: { id: 'evidenceId' } },
  'GET /api/blade-finance/fee/history': { class: 'own-data', ownerSees: true },
  'POST /api/blade-finance/enroll/lookup': { class: 'own-data' },

  // ---- orders
  'POST /api/blade-finance/order/create-fee': { class: 'own-data', ids: { items: 'receivableItems' } },
  'POST /api/blade-finance/order/create-other': {
    class: 'own-data',
    why: 'a catalogue item (feeItemId) would be a legitimate order of the caller’s own',
    omit: ['feeItemId'],
  },
  'POST /api/blade-finance/order/create-enroll': { class: 'own-data' },
  'GET /api/blade-finance/order/list': { class: 'own-data', ownerSees: true },
  'GET /api/blade-finance/order/other-list': { class: 'own-data' },
  'GET /api/blade-finance/order/detail/{id}': { class: 'own-data', ids: { id: 'orderId' }, ownerSees: true },
  'POST /api/blade-finance/order/cancel/{id}': { class: 'own-data', ids: { id: 'orderId' } },

  // ---- pay
  'GET /api/blade-finance/pay/cashier': { class: 'own-data', ownerSees: true },
  'POST /api/blade-finance/pay/prepay': { class: 'own-data' },
  'GET /api/blade-finance/pay/status': { class: 'own-data' },
  'POST /api/blade-finance/pay/abandon': { class: 'own-data' },
  'POST /api/blade-finance/pay/link': { class: 'own-data' },
  'POST /api/blade-finance/pay/notify/{channel}/{tenantId}': {
    class: 'public',
    why: 'the channels’ notifies: the signature over the raw body is the credential',
    replyShape: 'channel',
  },

  // ---- invoice
  'GET /api/blade-finance/invoice/title/list': { class: 'own-data', ownerSees: true },
  'POST /api/blade-finance/invoice/title/submit': { class: 'own-data', ids: { id: 'titleId' } },
  'POST /api/blade-finance/invoice/title/default/{id}': { class: 'own-data', ids: { id: 'titleId' } },
  'POST /api/blade-finance/invoice/title/remove/{id}': { class: 'own-data', ids: { id: 'titleId' } },
  'POST /api/blade-finance/invoice/apply': { class: 'own-data' },
  'GET /api/blade-finance/invoice/order/{orderId}': { class: 'own-data' },
  'GET /api/blade-finance/invoice/file/{id}': {
    class: 'public',
    why: 'the invoice PDF behind a signed short-lived link (WeChat opens plain links); no link, no file',
    ids: { id: 'invoiceId' },
  },
  // ---- salary (staff only, behind the salary step-up header; the victim, a student, has none)
  'GET /api/blade-finance/salary/index': { class: 'own-data' },
  'GET /api/blade-finance/salary/slip/{id}': { class: 'own-data', ids: { id: 'slipId' } },
  'GET /api/blade-finance/salary/other-income': { class: 'own-data' },
  'GET /api/blade-finance/salary/other-income/{id}': { class: 'own-data', ids: { id: 'otherIncomeId' } },

  // ---- finance office
  'POST /api/blade-finance/admin/salary/import': {
    class: 'finance-office',
    level: 'clerk',
    why: 'a refused file is answered 200 with its line report, and every answered load is audited',
    mayWrite: ['audit_log'],
  },
  'POST /api/blade-finance/admin/salary/other-income/import': {
    class: 'finance-office',
    level: 'clerk',
    why: 'a refused file is answered 200 with its line report, and every answered load is audited',
    mayWrite: ['audit_log'],
  },
  'GET /api/blade-finance/admin/salary/slip/list': { class: 'finance-office', level: 'clerk' },
  // ---- bulk imports (issue 15)
  'GET /api/blade-finance/admin/import/{kind}/template': {
    class: 'finance-office',
    level: 'clerk',
    ids: { kind: 'importKind' },
  },
  'POST /api/blade-finance/admin/import/{kind}': {
    class: 'finance-office',
    level: 'clerk',
    ids: { kind: 'importKind' },
    why: 'an upload is a job of the caller’s own tenant (checked in the background), and is audited',
    mayWrite: ['import_jobs', 'audit_log'],
  },
  'GET /api/blade-finance/admin/import/job/list': {
    class: 'finance-office',
    level: 'clerk',
    ids: { kind: 'importKind' },
  },
  'GET /api/blade-finance/admin/import/job/{id}': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'importJobId' },
  },
  'POST /api/blade-finance/admin/import/job/{id}/commit': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'importJobId' },
  },
  'GET /api/blade-finance/admin/import/job/{id}/report': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'importJobId' },
  },
  'GET /api/blade-finance/admin/salary/months': { class: 'finance-office', level: 'clerk' },
  'GET /api/blade-finance/admin/salary/other-income/batches': { class: 'finance-office', level: 'clerk' },
  // ---- signature, rating
  'GET /api/blade-finance/signature/detail/{id}': { class: 'own-data', ids: { id: 'orderId' } },
  'POST /api/blade-finance/signature/submit/{id}': { class: 'own-data', ids: { id: 'orderId' } },
  'GET /api/blade-finance/signature/image/{id}': { class: 'own-data', ids: { id: 'orderId' } },
  'GET /api/blade-finance/rating/detail/{id}': { class: 'own-data', ids: { id: 'orderId' } },
  'POST /api/blade-finance/rating/submit/{id}': { class: 'own-data', ids: { id: 'orderId' } },

  'GET /api/blade-finance/admin/rating/averages': { class: 'finance-office', level: 'clerk' },
  'GET /api/blade-finance/admin/rating/list': { class: 'finance-office', level: 'clerk' },
  'GET /api/blade-finance/admin/rating/export': {
    class: 'finance-office',
    level: 'clerk',
    why: "an XLSX file, as order/export; another tenant's finance office exports its own ratings, audited in it",
    mayWrite: ['audit_log'],
  },
  'GET /api/blade-finance/admin/fee-item/signature/list': { class: 'finance-office', level: 'clerk' },
  'PUT /api/blade-finance/admin/fee-item/{id}/signature': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'feeItemId' },
  },
  'GET /api/blade-finance/admin/bill/list': { class: 'finance-office', level: 'clerk', ownerSees: true },
  'GET /api/blade-finance/admin/binding/list': { class: 'finance-office', level: 'clerk' },
  'POST /api/blade-finance/admin/binding/{id}/phone': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'bindingId' },
  },
  'POST /api/blade-finance/admin/binding/{id}/approve': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'bindingId' },
  },
  'POST /api/blade-finance/admin/binding/{id}/refuse': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'bindingId' },
  },
  'POST /api/blade-finance/admin/user/{id}/disable': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'userId' },
  },
  'POST /api/blade-finance/admin/user/{id}/enable': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'userId' },
  },
  'POST /api/blade-finance/admin/bill/{id}/review': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'billId' },
  },
  'POST /api/blade-finance/admin/bill/{id}/void': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'billId' },
  },
  'GET /api/blade-finance/admin/bill/{id}/evidence/{evidenceId}': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'billId', evidenceId: 'evidenceId' },
  },
  'POST /api/blade-finance/admin/order/{id}/refund': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'orderId' },
  },
  'GET /api/blade-finance/admin/payment-exception/list': {
    class: 'finance-office',
    level: 'clerk',
    ownerSees: true,
  },
  'POST /api/blade-finance/admin/payment-exception/refund/{id}': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'exceptionId' },
  },
  'POST /api/blade-finance/admin/payment-exception/resolve/{id}': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'exceptionId' },
  },
  'GET /api/blade-finance/admin/invoice/list': { class: 'finance-office', level: 'clerk' },
  'GET /api/blade-finance/admin/dashboard': { class: 'finance-office', level: 'clerk' },
  'GET /api/blade-finance/admin/person/list': { class: 'finance-office', level: 'clerk', ownerSees: true },
  'GET /api/blade-finance/admin/person/{id}': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'personId' },
    ownerSees: true,
  },
  'POST /api/blade-finance/admin/person/{id}/update': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'personId' },
  },
  'GET /api/blade-finance/admin/person/{id}/receivables': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'personId' },
    ownerSees: true,
  },
  'GET /api/blade-finance/admin/fee-item/list': { class: 'finance-office', level: 'clerk' },
  'POST /api/blade-finance/admin/fee-item': { class: 'finance-office', level: 'clerk' },
  'POST /api/blade-finance/admin/fee-item/{id}/update': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'feeItemId' },
  },
  'POST /api/blade-finance/admin/receivable/{id}/waive': {
    class: 'finance-office',
    level: 'manager',
    ids: { id: 'receivableId' },
  },
  'POST /api/blade-finance/admin/receivable/{id}/reduce': {
    class: 'finance-office',
    level: 'manager',
    ids: { id: 'receivableId' },
  },
  'POST /api/blade-finance/admin/receivable/{id}/defer': {
    class: 'finance-office',
    level: 'manager',
    ids: { id: 'receivableId' },
  },
  'GET /api/blade-finance/admin/order/list': {
    class: 'finance-office',
    level: 'clerk',
    omit: ['paymentNo', 'channel'],
    ownerSees: true,
  },
  'GET /api/blade-finance/admin/order/totals': {
    class: 'finance-office',
    level: 'clerk',
    omit: ['paymentNo', 'channel'],
    why: 'sums and a count of the caller tenant’s orders: no marker can be in it',
  },
  'GET /api/blade-finance/admin/order/{id}': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'orderId' },
    ownerSees: true,
  },
  'GET /api/blade-finance/admin/order/export': {
    class: 'finance-office',
    level: 'clerk',
    omit: ['paymentNo'],
    why:
      'an XLSX file (zipped): the markers cannot be read in it; orders-routes.test.ts reads it back per tenant. ' +
      "Another tenant's finance office exports its own orders, and that is audited in its own log",
    mayWrite: ['audit_log'],
  },
  'GET /api/blade-finance/admin/audit/list': {
    class: 'finance-office',
    level: 'clerk',
    why: "the caller's tenant's log holds the filters its own exports were asked with (the victim's numbers the matrix sent)",
    echoesCallers: true,
  },
  'GET /api/blade-finance/admin/audit/export': {
    class: 'finance-office',
    level: 'clerk',
    why: "an XLSX file, as order/export; another tenant's finance office exports its own log, audited in it",
    mayWrite: ['audit_log'],
  },
  'POST /api/blade-finance/admin/invoice/{id}/retry': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'invoiceId' },
  },

  // ---- notices (readers: tenant and audience walls, see modules/notice/notices.test.ts)
  'GET /api/blade-desk/notice/list': { class: 'own-data' },
  'GET /api/blade-desk/notice/detail': {
    class: 'own-data',
    ids: { id: 'noticeId' },
    why: 'marks the notice read by the caller',
    mayWrite: ['notice_reads'],
  },
  'GET /api/blade-desk/notice/unread-count': { class: 'own-data' },
  'GET /api/blade-desk/notice/categories': { class: 'own-data' },
  'GET /api/blade-desk/notice/attachment/{id}': {
    class: 'public',
    ids: { id: 'noticeAttachmentId' },
    why: 'a plain download link (WeChat’s browser sends no header): the signature for one reader is the credential, and that reader’s walls are checked again',
  },
  'GET /api/blade-finance/admin/settings': { class: 'finance-office', level: 'admin' },
  'PUT /api/blade-finance/admin/settings/params': { class: 'finance-office', level: 'admin' },
  'PUT /api/blade-finance/admin/settings/modules': { class: 'finance-office', level: 'admin' },
  'PUT /api/blade-finance/admin/settings/pay-channels/{channel}': {
    class: 'finance-office',
    level: 'admin',
    why: "the merchant's own ids and keys, never the victim's",
    omit: ['appId', 'mchId', 'serialNo', 'privateKeyPem', 'apiV3Key', 'clear'],
  },
  'POST /api/blade-finance/admin/settings/pay-channels/{channel}/check': {
    class: 'finance-office',
    level: 'admin',
    why: "a test call with the caller's own tenant's merchant settings",
  },
  'PUT /api/blade-finance/admin/settings/providers/{kind}': {
    class: 'finance-office',
    level: 'admin',
    ids: { kind: 'providerKind' },
    why: "the provider's own token, never the victim's",
    omit: ['httpToken', 'clearToken'],
  },
  'PUT /api/blade-finance/admin/settings/wechat-templates': { class: 'finance-office', level: 'admin' },
  'GET /api/blade-finance/admin/reconciliation/runs': { class: 'finance-office', level: 'clerk' },
  'POST /api/blade-finance/admin/reconciliation/runs': {
    class: 'finance-office',
    level: 'clerk',
    why: "another tenant's finance office reconciles its own day (its own run row and audit row)",
    mayWrite: ['audit_log', 'reconciliation_runs', 'reconciliation_lines'],
  },
  'GET /api/blade-finance/admin/reconciliation/runs/{id}': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'reconciliationRunId' },
  },
  'GET /api/blade-finance/admin/reconciliation/runs/{id}/export': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'reconciliationRunId' },
  },
  // ---- fee reminders (催缴): the victim is among the people of a campaign of 100001 (plantVictim)
  'GET /api/blade-finance/admin/reminder/options': { class: 'finance-office', level: 'clerk' },
  'POST /api/blade-finance/admin/reminder/audience': {
    class: 'finance-office',
    level: 'clerk',
    why: 'changes nothing: who a filter of the caller’s own tenant reaches, and one message',
  },
  'POST /api/blade-finance/admin/reminder/campaign': {
    class: 'finance-office',
    level: 'clerk',
    why: "another tenant's finance office finds no such item in its own tenant (400), so it writes nothing",
  },
  'GET /api/blade-finance/admin/reminder/campaign/list': { class: 'finance-office', level: 'clerk' },
  'GET /api/blade-finance/admin/reminder/campaign/{id}': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'campaignId' },
  },
  'GET /api/blade-finance/admin/reminder/campaign/{id}/recipients': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'campaignId' },
    ownerSees: true,
  },
  'POST /api/blade-finance/admin/reminder/campaign/{id}/stop': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'campaignId' },
  },
  'GET /api/blade-finance/admin/reminder/schedule/list': { class: 'finance-office', level: 'clerk' },
  'POST /api/blade-finance/admin/reminder/schedule': {
    class: 'finance-office',
    level: 'clerk',
    why: "another tenant's finance office finds no such item in its own tenant (400), so it writes nothing",
  },
  'POST /api/blade-finance/admin/reminder/schedule/{id}/cancel': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'scheduleId' },
  },
  'GET /api/blade-desk/admin/notice/list': { class: 'finance-office', level: 'clerk' },
  'GET /api/blade-desk/admin/notice/{id}': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'noticeId' },
  },
  'POST /api/blade-desk/admin/notice': { class: 'finance-office', level: 'clerk' },
  'PUT /api/blade-desk/admin/notice/{id}': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'noticeId' },
  },
  'POST /api/blade-desk/admin/notice/{id}/publish': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'noticeId' },
  },
  'POST /api/blade-desk/admin/notice/{id}/withdraw': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'noticeId' },
  },
  'POST /api/blade-desk/admin/notice/{id}/attachment': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'noticeId' },
  },
  'DELETE /api/blade-desk/admin/notice/{id}/attachment/{attachmentId}': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'noticeId', attachmentId: 'noticeAttachmentId' },
  },
  'GET /api/blade-desk/admin/notice/{id}/attachment/{attachmentId}': {
    class: 'finance-office',
    level: 'clerk',
    ids: { id: 'noticeId', attachmentId: 'noticeAttachmentId' },
  },
  'POST /api/blade-desk/admin/notice/preview': {
    class: 'finance-office',
    level: 'clerk',
    why: 'changes nothing: the HTML cut down to the allow-list, as storing would keep it',
  },

  // ---- demo stand-ins (absent in production: checked)
  'GET /api/blade-finance/pay/sandbox/checkout': { class: 'demo-only', why: STANDIN },
  'POST /api/blade-finance/pay/sandbox/checkout': { class: 'demo-only', why: STANDIN },
  'GET /api/blade-finance/pay/sandbox/checkout.js': { class: 'demo-only', why: STANDIN },
  'POST /api/dev/wechatpay/{tenantId}/pay': { class: 'demo-only', why: STANDIN },
  'POST /api/dev/wechatpay/{tenantId}/jsapi': { class: 'demo-only', why: STANDIN },
  'GET /api/dev/wechatpay/{tenantId}/h5': { class: 'demo-only', why: STANDIN },
  'POST /api/dev/wechatpay/{tenantId}/h5': { class: 'demo-only', why: STANDIN },
  'GET /api/dev/wechatpay/{tenantId}/scan': { class: 'demo-only', why: STANDIN },
  'POST /api/dev/wechatpay/{tenantId}/scan': { class: 'demo-only', why: STANDIN },
  'ALL /api/dev/wechatpay/{tenantId}/v3/*': { class: 'demo-only', why: STANDIN },
  'GET /api/dev/alipay/{tenantId}/gateway.do': { class: 'demo-only', why: STANDIN },
  'POST /api/dev/alipay/{tenantId}/gateway.do': { class: 'demo-only', why: STANDIN },
  'GET /api/dev/alipay/{tenantId}/checkout.js': { class: 'demo-only', why: STANDIN },
  'POST /api/dev/alipay/{tenantId}/checkout': { class: 'demo-only', why: STANDIN },
  'GET /api/dev/alipay/{tenantId}/bill': { class: 'demo-only', why: STANDIN },
  'GET /api/dev/outbox': { class: 'demo-only', why: STANDIN },
  'POST /api/dev/ebill/{method}': { class: 'demo-only', why: STANDIN },
  'GET /api/dev/captcha/{key}': { class: 'demo-only', why: STANDIN },
  'GET /api/dev/wechat/connect/oauth2/authorize': { class: 'demo-only', why: STANDIN },
  'POST /api/dev/wechat/connect/oauth2/consent': { class: 'demo-only', why: STANDIN },
  'GET /api/dev/wechat/sns/oauth2/access_token': { class: 'demo-only', why: STANDIN },
  'GET /api/dev/wechat/sns/userinfo': { class: 'demo-only', why: STANDIN },
  'GET /api/dev/wechat/cgi-bin/gettoken': { class: 'demo-only', why: STANDIN },
  'GET /api/dev/wechat/cgi-bin/auth/getuserinfo': { class: 'demo-only', why: STANDIN },
  'POST /api/dev/wechat/cgi-bin/stable_token': { class: 'demo-only', why: STANDIN },
  'POST /api/dev/wechat/cgi-bin/message/template/send': { class: 'demo-only', why: STANDIN },
  'POST /api/dev/wechat/cgi-bin/message/send': { class: 'demo-only', why: STANDIN },
};
