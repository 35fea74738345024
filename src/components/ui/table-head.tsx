/** A data table's head: a column header per name (a card table on a phone shows them as its cells' labels). */
export function TableHead({ columns, className }: { columns: readonly string[]; className?: string }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((name) => (
          <th key={name} scope="col">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
