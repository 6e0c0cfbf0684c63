import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/**
 * The portal's colours on react-admin's default themes, so staff recognise the product. Warning is a darker
 * orange than MUI's (#ed6c02 with white text is 3.1:1): white text on it, and it as text on white, read at 5:1.
 */
function withBrand(theme: RaThemeOptions): RaThemeOptions {
  return {
    ...theme,
    palette: {
      ...theme.palette,
      primary: { main: '#0d47a1' },
      secondary: { main: '#ffca28' },
      warning: { main: '#b45309' },
    },
  };
}

export const lightTheme = withBrand(defaultLightTheme);
export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: { ...defaultDarkTheme.palette, primary: { main: '#90caf9' }, secondary: { main: '#ffca28' } },
};
