// The build loads `.css` files as text (esbuild's `text` loader), so they can go into a shadow root's <style>.
declare module '*.css' {
  const text: string;
  export default text;
}
