// Public API of the JSON serializers: numbers, type info, entity and query (iterator) replies.
export { formatF32, formatF64, formatInt, plainDecimal } from './number';
export { schemaTypeInfo, typeInfoText } from './type-info';
export { templateOf, writeValue, type ValueTemplate } from './value-writer';
export { rowText } from './row-cache';
export { DialectNames, WORLD_NAMES, FLECS_NAMES, type NameRename } from './dialect-names';
export { pathText, labelText, idText, idLabelText, isPrivateId } from './labels';
export { forEachIsABase } from './isa-bases';
export { serializeEntity, entityReplyOptions, type EntityReplyOptions } from './entity';
export { serializeQuery, queryReplyOptions, type QueryReplyOptions, type ReplyShape } from './iterator';
export { Page } from './page';
