export { InvoiceInfoPage as Component } from '../../features/invoices/invoice-info-page.tsx';
