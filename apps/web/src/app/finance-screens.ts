/**
 * The money screens (fees, enrolment, cashier, orders) by route name, in one lazy chunk with the
 * finance texts (Student fees, the most opened, has its own: fee-screen.ts). One chunk rather than one per screen: each extra lazy entry that shares the
 * first screen's modules made the bundler split those modules into more chunks, growing the
 * sign-in page's initial load; this way the money screens add nothing to it.
 */
import EnrollPage from '../features/enroll/pages/enroll-page';
import CollectHistoryPage from '../features/fees/pages/collect-history-page';
import EnrollProductPage from '../features/fees/pages/enroll-product-page';
import FeeHistoryPage from '../features/fees/pages/fee-history-page';
import ManualProductPage from '../features/fees/pages/manual-product-page';
import OtherFeePage from '../features/fees/pages/other-fee-page';
import OtherHistoryPage from '../features/fees/pages/other-history-page';
import ReceivableDetailPage from '../features/fees/pages/receivable-detail-page';
import ReceivableProductPage from '../features/fees/pages/receivable-product-page';
import MyOrdersPage from '../features/orders/pages/my-orders-page';
import OrderDetailPage from '../features/orders/pages/order-detail-page';
import OtherOrdersPage from '../features/orders/pages/other-orders-page';
import OrderInvoicePage from '../features/invoices/pages/order-invoice-page';
import PayPage from '../features/pay/pages/pay-page';
import { loadFinanceTexts } from '../lib/i18n/finance-texts';
import { loadInvoiceTexts } from '../lib/i18n/invoice-texts';
import type { ComponentType } from 'react';

export const FINANCE_SCREENS = {
  enroll: EnrollPage,
  pay: PayPage,
  feeHistory: FeeHistoryPage,
  feeCollectHistory: CollectHistoryPage,
  feeOtherHistory: OtherHistoryPage,
  feeOther: OtherFeePage,
  feeManualProduct: ManualProductPage,
  feeReceivableProduct: ReceivableProductPage,
  feeReceivableDetail: ReceivableDetailPage,
  feeEnrollProduct: EnrollProductPage,
  order: MyOrdersPage,
  orderOther: OtherOrdersPage,
  orderDetail: OrderDetailPage,
  orderInvoice: OrderInvoicePage,
} satisfies Record<string, ComponentType>;

export type FinanceScreenName = keyof typeof FINANCE_SCREENS;

/** A money screen, once the finance texts of the chosen language are loaded. */
export async function loadFinanceScreen(name: FinanceScreenName): Promise<{ default: ComponentType }> {
  await Promise.all([loadFinanceTexts(), loadInvoiceTexts()]);
  return { default: FINANCE_SCREENS[name] };
}
