// Public exports of the inspector: the panel and its value logic (fields from type_info, edits).
export { InspectorPanel, INSPECTOR_POLL_MS, type InspectorPanelProps } from './inspector-panel';
export { entityView, idKey, DISABLED_ID, type EntityView, type IdEntry, type BaseView } from './entity-view';
export { fieldsOf, valueAt, type FieldSpec, type FieldKind, type MemberPath } from './type-fields';
export { coerceInput, formatValue, memberPatch, memberSetData, overrideSetData, type Coerced } from './value-edit';
export { addSample, memberValue, useMemberHistory, PLOT_WINDOW_S, type PlottedMember, type MemberSamples } from './member-history';
export { MemberPlot, type MemberPlotProps } from './member-plot';
