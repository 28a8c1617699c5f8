import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { unitPriceCents } from '#shared/catalogue/price.ts';
import { formatCents } from '#shared/money.ts';
import { Field } from '#web/components/ui/form.tsx';
import { Badge, Button, DataTable, Pager, PageTitle } from '#web/components/console/console-ui.tsx';
import { ListState, useUrlFilters } from '#web/components/console/list-state.tsx';
import { productsQuery } from '#web/features/catalogue/console/queries.ts';

/** Every product, hidden ones too, searchable by name, brand, category, option or SKU. */
export function AdminProductsPage() {
  const { filters, page, draft, set, apply, setPage } = useUrlFilters(['q']);
  const list = useQuery(productsQuery(filters.q, page));
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
      <form role="search" onSubmit={apply} className="mb-4 flex items-end gap-2">
        <div className="flex-1">
          <Field
            label="Search products"
            placeholder="Name, brand, option or SKU"
            value={draft.q}
            onChange={(e) => set('q', e.target.value)}
          />
        </div>
        <Button type="submit">Search</Button>
      </form>
      <ListState query={list} isEmpty={(d) => d.products.length === 0} empty="No products match.">
        {(data) => (
          <>
            <DataTable caption="Products" head={['Product', 'SKU', 'Brand', 'Price', 'Options', 'Stock', '']}>
              {data.products.map((p) => (
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
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </>
        )}
      </ListState>
    </>
  );
}
