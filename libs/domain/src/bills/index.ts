export * from './cells';
export * from './layouts';
export * from './changes';
export * from './codes';
