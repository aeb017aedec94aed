// Static assets imported by client code (webpack asset modules; Jest maps them to a stub).
declare module '*.svg' {
  const url: string;
  export default url;
}
