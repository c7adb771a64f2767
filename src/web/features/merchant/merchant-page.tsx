import type { ReactNode } from 'react';
import { Info, Wallet } from 'lucide-react';
import { Alert } from '../../components/ui/alert';
import { Card, CardContent } from '../../components/ui/card';
import { useDocumentTitle } from '../placeholders/use-document-title';
import { formatDate, formatMoney } from '../../../shared/format';
import { MERCHANT_DEMO, MERCHANT_TRANSACTIONS } from '../../../shared/merchant';

export const MERCHANT_HEADING = 'Merchant Account';
export const MERCHANT_DEMO_NOTICE = 'Demonstration: sample figures, not your account';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg border border-gray-200 bg-white p-4">
      <dt className="text-xs font-medium uppercase tracking-wide text-gray-500">{label}</dt>
      <dd className="break-words text-base font-semibold text-gray-900">{children}</dd>
    </div>
  );
}

/** /merchant: the original product's static demonstration of a merchant account; no figure here is a client's. */
export function MerchantPage() {
  useDocumentTitle(MERCHANT_HEADING);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <header className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50">
          <Wallet aria-hidden="true" className="size-5 text-brand-700" />
        </span>
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{MERCHANT_HEADING}</h1>
          <p className="text-sm text-gray-600">How a merchant account looks once card processing is set up.</p>
        </div>
      </header>
      <Alert tone="warning" className="flex items-start gap-2">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <strong className="font-semibold">{MERCHANT_DEMO_NOTICE}.</strong> Every figure on this page is an example.
        </span>
      </Alert>

      <section aria-labelledby="merchant-details">
        <h2 id="merchant-details" className="mb-3 text-lg font-semibold text-gray-900">
          Account details
        </h2>
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Fact label="Merchant ID">
            <span className="font-mono text-sm sm:text-base">{MERCHANT_DEMO.merchantId}</span>
          </Fact>
          <Fact label="Status">
            <span className="inline-flex items-center gap-1.5 rounded-full border border-green-200 bg-green-50 px-2.5 py-0.5 text-sm font-medium text-green-800">
              <span aria-hidden="true" className="size-2 rounded-full bg-green-600" />
              {MERCHANT_DEMO.status}
            </span>
          </Fact>
          <Fact label="Payment gateway">{MERCHANT_DEMO.gateway}</Fact>
          <Fact label="Settlement">{MERCHANT_DEMO.settlement}</Fact>
          <Fact label="Processing rate">{MERCHANT_DEMO.processingRate}</Fact>
          <Fact label="Monthly average">{formatMoney(MERCHANT_DEMO.monthlyAverage)}</Fact>
        </dl>
      </section>

      <Card>
        <CardContent className="p-0">
          <h2 id="merchant-transactions" className="px-4 pb-2 pt-4 text-lg font-semibold text-gray-900 sm:px-6">
            Recent transactions
          </h2>
          <table aria-labelledby="merchant-transactions" className="w-full border-collapse text-left text-sm">
            <thead className="bg-gray-50 text-gray-700">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium sm:px-6">
                  Date
                </th>
                <th scope="col" className="hidden px-4 py-2 font-medium md:table-cell">
                  Transaction
                </th>
                <th scope="col" className="px-2 py-2 font-medium sm:px-4">
                  Description
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium sm:px-6">
                  Amount
                </th>
                <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {MERCHANT_TRANSACTIONS.map((t) => (
                <tr key={t.id} className="border-t border-gray-100">
                  <td className="whitespace-nowrap px-4 py-2 text-gray-700 sm:px-6">{formatDate(t.date)}</td>
                  <td className="hidden px-4 py-2 font-mono text-xs text-gray-600 md:table-cell">{t.id}</td>
                  <td className="px-2 py-2 text-gray-900 sm:px-4">{t.description}</td>
                  <td className="whitespace-nowrap px-4 py-2 text-right font-medium tabular-nums text-gray-900 sm:px-6">
                    {formatMoney(t.amount)}
                  </td>
                  <td className="hidden px-4 py-2 text-green-800 sm:table-cell">{t.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
    </div>
  );
}
