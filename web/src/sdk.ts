/**
 * What plugin pages may use from the shell. Pages import from here (never from the shell's inner files), so the
 * shell can reorganise itself without breaking modules.
 */
export { api } from './api/api.ts'
/** Private media (image, audio, video, documents) fetched with the session token, for object URLs. */
export { fetchBlob } from './api/fetch-blob.ts'
export { downloadCsv } from './api/download-csv.ts'
export { ApiError, isApiError } from './api/api-error.ts'
export type * from './api/types.ts'
export { useRealtime, useRealtimeRoom, useRealtimeStatus } from './realtime/hooks.ts'
export type { RealtimeTopics, RealtimeEvent } from './realtime/topics.ts'
export { useSession } from './session/use-session.ts'
export { ACTIONS, can } from './session/permissions.ts'
export { toast, toastError, toastFailure, toastSuccess, toastWarning, errorText } from './ui/toaster.ts'
export { usePagedList, useFillContainer, type PagedList, type PageAnswer } from './ui/use-paged-list.ts'
export { useDebouncedValue, SEARCH_DEBOUNCE_MS } from './ui/use-debounce.ts'
export { useSearchResults, type SearchResults } from './ui/use-search-results.ts'
export { PageHeader } from './ui/PageHeader.tsx'
export { EmptyState } from './ui/EmptyState.tsx'
export { ConfirmDialog } from './ui/ConfirmDialog.tsx'
export { PageSpinner } from './ui/PageSpinner.tsx'
export { Field } from './ui/Field.tsx'
export { Avatar } from './ui/Avatar.tsx'
export { formatDate, formatDateTime, formatTime, daysUntil } from './lib/dates.ts'
export { maskPhone, phoneDigits, formatMoney } from './lib/masks.ts'
export * as rules from './lib/validation.ts'
/** Whether a page exists for a path (e.g. hide "open conversation" until a tickets module registers /tickets). */
export { hasRoute } from './modules/route-index.ts'
/** Choices another module offers for a form field (a connection's queues or prompt); null: leave the field out. */
export { loadFormOptions } from './modules/form-options.ts'
/** Narrow-screen layouts (tickets: tabs instead of list + conversation side by side). */
export { useMediaQuery, NARROW_QUERY, PHONE_QUERY } from './ui/use-media-query.ts'
/** For lists that keep their own state (live filtering and sorting) but follow the spec's load-more distance. */
export { nearBottom, LOAD_MORE_THRESHOLD_PX } from './ui/paged-list.ts'
export { BrandMark } from './ui/BrandMark.tsx'
/** A conversation's scrolling: bottom first, follows new messages, keeps place when older pages load. */
export { useMessageScroll, type MessageScrollOptions } from './ui/use-message-scroll.ts'
/** The CRUD kit: list pages (search, infinite scroll, states, live updates, confirm-delete) built from parts. */
export { CrudListPage, type CrudListPageProps } from './ui/crud/CrudListPage.tsx'
export { DataTable, type Column, type RowActions, type DataTableProps } from './ui/crud/DataTable.tsx'
export { useCrudList, type CrudList, type CrudListOptions, type LiveChange } from './ui/crud/use-crud-list.ts'
export { useConfirmDelete, type ConfirmDelete } from './ui/crud/use-confirm-delete.ts'
export { listRoute, liveRecords } from './ui/crud/list-sources.ts'
export { useEditDialog, type EditDialogProps } from './ui/crud/use-edit-dialog.ts'
export { useWholeList } from './ui/crud/use-whole-list.ts'
export { useKeptList, type KeptListState } from './ui/crud/kept-list.ts'
/** The CRUD kit: form dialogs (fields, server codes on fields, save/cancel, unsaved-changes guard) and uploads. */
export { FormDialog, type FormDialogProps } from './ui/crud/FormDialog.tsx'
export { InlineForm, type InlineFormProps } from './ui/crud/InlineForm.tsx'
export { useForm, type UseFormOptions, type FormState, type FieldErrors } from './ui/crud/use-form.ts'
export { MediaUploadField, NO_MEDIA, type MediaValue } from './ui/crud/MediaUploadField.tsx'
export { useUpload, type Upload } from './ui/crud/use-upload.ts'
export { SheetImportDialog, type SheetImportDialogProps, type SheetImportTexts } from './ui/crud/SheetImportDialog.tsx'
/** Notifications in the top bar's popover (with the chime): for a module's background component. */
export { useNotify, type ShellNotification } from './layout/notifications.ts'
