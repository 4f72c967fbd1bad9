// Column type → cell renderer, resolved at render time.
import type { ComponentType } from 'react';
import { lazyComponent } from '../lazy-load';
import type { ColumnType } from '../../../common/schema/types';
import type { CellProps } from './types';
import { TextCell } from './TextCell';
import { TextButtonCell } from './TextButtonCell';
import { ButtonListCell } from './ButtonListCell';
import { SpanListCell } from './SpanListCell';
import { StatusCell } from './StatusCell';
import { TimeCell } from './TimeCell';
import { MonthCell } from './MonthCell';
import { AllDateCell } from './AllDateCell';
import { InfoPopoverCell } from './InfoPopoverCell';
import { CellListCell } from './CellListCell';
import { DropdownListCell } from './DropdownListCell';
import { StarMarkCell } from './StarMarkCell';
import { EnumCell } from './EnumCell';
import { SlotCell } from './SlotCell';
import { MoneyCell } from './MoneyCell';
import { PercentCell } from './PercentCell';

/** Image cells (antd's Image and its preview) load when a list first shows one. */
const ImageCell = lazyComponent(() => import('./ImageCell').then((m) => m.ImageCell));

export const columnRegistry: Record<ColumnType, ComponentType<CellProps>> = {
  text: TextCell,
  image: ImageCell,
  textButton: TextButtonCell,
  buttonList: ButtonListCell,
  spanList: SpanListCell,
  status: StatusCell,
  time: TimeCell,
  month: MonthCell,
  allDate: AllDateCell,
  infoPopover: InfoPopoverCell,
  cellList: CellListCell,
  dropdownList: DropdownListCell,
  starMark: StarMarkCell,
  enum: EnumCell,
  slot: SlotCell,
  money: MoneyCell,
  percent: PercentCell,
};

export function resolveCell(type: ColumnType | undefined): ComponentType<CellProps> {
  return (type && columnRegistry[type]) || TextCell;
}
