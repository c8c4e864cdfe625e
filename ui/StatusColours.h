#pragma once

#include <QColor>
#include <QPalette>

namespace hookyard::ui {

// Status colours that read on the light and the dark palette alike (at least 4.5:1 against the window on both).
// Colour is never the only cue: whatever is coloured also has a glyph or words.
struct StatusColours
{
    QColor good, bad, uncertain, info, neutral, onFill;

    explicit StatusColours(const QPalette &palette)
    {
        const bool dark = palette.color(QPalette::Window).lightness() < 128;
        good = dark ? QColor(0x66, 0xbb, 0x6a) : QColor(0x2e, 0x7d, 0x32);
        bad = dark ? QColor(0xef, 0x53, 0x50) : QColor(0xc6, 0x28, 0x28);
        uncertain = dark ? QColor(0xff, 0xb7, 0x4d) : QColor(0xb2, 0x6a, 0x00);
        info = dark ? QColor(0x64, 0xb5, 0xf6) : QColor(0x15, 0x65, 0xc0);
        neutral = palette.color(QPalette::PlaceholderText);
        onFill = dark ? palette.color(QPalette::Window) : QColor(Qt::white);
    }
};

} // namespace hookyard::ui
