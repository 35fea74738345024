export { ApplyInvoicePage as Component } from '../../features/invoices/apply-invoice-page.tsx';
