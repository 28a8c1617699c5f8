import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCents } from '#shared/money.ts';
import { unitPriceCents } from '#shared/catalogue/price.ts';
import { Field } from '../../../components/ui/form.tsx';
import { useAdminQuery } from '../api/admin-queries.ts';
import { Badge, Button, DataTable, Loading, PageTitle, Pager } from '../components/console-ui.tsx';

/** Every product, hidden ones too, searchable by name, brand, category, option or SKU. */
export function AdminProductsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Number(params.get('page') ?? 1) || 1;
  const [draft, setDraft] = useState(q);
  const list = useAdminQuery('catalogue/products', 'AdminProductListSchema', { q, page });
  const search = (e: FormEvent) => {
    e.preventDefault();
    setParams(draft ? { q: draft } : {});
  };
  return (
    <>
      <PageTitle
        actions={
          <Link
            to="/admin/products/new"
            className="inline-flex min-h-10 items-center rounded-lg bg-gray-900 px-3.5 py-2 text-sm font-semibold text-white hover:bg-gray-700"
          >
            New product
          </Link>
        }
      >
        Products
      </PageTitle>
      <form role="search" onSubmit={search} className="mb-4 flex items-end gap-2">
        <div className="flex-1">
          <Field
            label="Search products"
            placeholder="Name, brand, option or SKU"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </div>
        <Button type="submit">Search</Button>
      </form>
      {list.isPending ? (
        <Loading />
      ) : list.error ? (
        <p role="alert">{list.error.message}</p>
      ) : list.data.products.length === 0 ? (
        <p className="text-gray-800">No products match.</p>
      ) : (
        <>
          <DataTable caption="Products" head={['Product', 'SKU', 'Brand', 'Price', 'Options', 'Stock', '']}>
            {list.data.products.map((p) => (
              <tr key={p.id}>
                <td className="px-3 py-2">
                  <Link to={`/admin/products/${p.id}`} className="font-semibold underline">
                    {p.name}
                  </Link>
                </td>
                <td className="px-3 py-2 font-mono text-xs">{p.sku}</td>
                <td className="px-3 py-2">
                  {p.brandName}
                  <span className="block text-xs text-gray-700">{p.categoryName}</span>
                </td>
                <td className="px-3 py-2">{formatCents(unitPriceCents(p))}</td>
                <td className="px-3 py-2">{p.variantCount}</td>
                <td className="px-3 py-2">{p.stock}</td>
                <td className="px-3 py-2 space-x-1">
                  {p.hidden && <Badge status="hidden" />}
                  {p.isNew && <Badge status="new">New</Badge>}
                  {p.isHot && <Badge status="hot">Hot</Badge>}
                </td>
              </tr>
            ))}
          </DataTable>
          <Pager
            page={list.data.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPage={(p) => setParams({ ...(q ? { q } : {}), page: String(p) })}
          />
        </>
      )}
    </>
  );
}
