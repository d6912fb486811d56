export { Button, buttonClass, type ButtonProps, type ButtonVariant } from "./Button";
export { LinkButton, type LinkButtonProps } from "./LinkButton";
export {
  Field,
  SelectField,
  TextAreaField,
  type FieldProps,
  type SelectFieldProps,
  type TextAreaFieldProps,
} from "./Field";
export { Card, type CardProps } from "./Card";
export { Alert, type AlertProps, type AlertTone } from "./Alert";
export { Badge, StateBadge, type BadgeTone } from "./Badge";
export { Table, type TableColumn, type TableProps, type SortState } from "./Table";
export { PageHeader, type Crumb } from "./PageHeader";
export { EmptyState } from "./EmptyState";
export { Pagination, pageWindow, type PaginationProps } from "./Pagination";
