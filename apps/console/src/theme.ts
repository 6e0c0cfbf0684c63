import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** The portal's colours on react-admin's default themes, so staff recognise the product. */
function withBrand(theme: RaThemeOptions): RaThemeOptions {
  return { ...theme, palette: { ...theme.palette, primary: { main: '#0d47a1' }, secondary: { main: '#ffca28' } } };
}

export const lightTheme = withBrand(defaultLightTheme);
export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: { ...defaultDarkTheme.palette, primary: { main: '#90caf9' }, secondary: { main: '#ffca28' } },
};
