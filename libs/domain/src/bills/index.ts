export * from './cells';
export * from './layouts';
export * from './changes';
