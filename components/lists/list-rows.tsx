"use client";

import type { ComponentProps } from "react";
import { CardList, ListCard } from "./card-list";
import { type Column, DataTable, type RowOpen } from "./data-table";

type CardFields = Omit<ComponentProps<typeof ListCard>, "open" | "testId">;

/**
 * A list's rows as a DataTable on wide screens and as ListCards on phones, from one description:
 * the same rows, keys and pages they open. Test ids from `testId`, the name of one row
 * ("charge"): `charge-table`, `charge-row`, `charge-cards`, `charge-card`.
 */
export function ListRows<Row>({
  rows,
  rowKey,
  open,
  caption,
  testId,
  columns,
  card,
  fixed,
}: {
  rows: Row[];
  rowKey: (row: Row) => string;
  open?: (row: Row) => RowOpen;
  caption: string;
  testId: string;
  columns: Column<Row>[];
  card: (row: Row) => CardFields;
  fixed?: boolean;
}) {
  return (
    <>
      <DataTable
        caption={caption}
        testId={`${testId}-table`}
        rowTestId={`${testId}-row`}
        rows={rows}
        rowKey={rowKey}
        rowOpen={open}
        columns={columns}
        fixed={fixed}
      />
      <CardList rows={rows} rowKey={rowKey} testId={`${testId}-cards`}>
        {(row) => <ListCard {...card(row)} open={open?.(row)} testId={`${testId}-card`} />}
      </CardList>
    </>
  );
}
