/* tslint:disable */
/* eslint-disable */
export * from './ElementsApi.js';
export * from './InteractionApi.js';
export * from './LayoutApi.js';
export * from './LayoutsApi.js';
export * from './ServiceApi.js';
export * from './SessionsApi.js';
export * from './SnapshotsApi.js';
export * from './UpdatesApi.js';
export * from './ViewApi.js';
