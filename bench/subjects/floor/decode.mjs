// Floor decoding: JSON.parse of the bytes, nothing checked.
export const decodeRequest = JSON.parse;
export const decodeToolsListResponse = JSON.parse;
