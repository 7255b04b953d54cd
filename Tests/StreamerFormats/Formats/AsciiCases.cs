namespace NFX.Tests.StreamerFormats.Formats;

/// <summary>
/// The ASCII narrowing and widening tests' inputs and outputs: printable text of a given length, and destinations with
/// eight guard elements before and after the range a conversion may write.
/// </summary>
internal static class AsciiCases
{
    private const byte ByteGuard = 0xEE;
    private const char CharGuard = '#';

    /// <summary>Printable ASCII of <paramref name="length"/> chars, different for each length.</summary>
    public static string Text(int length) =>
        new(Enumerable.Range(0, length).Select(i => (char)(' ' + (i * 7 + length) % 95)).ToArray());

    /// <summary>A byte destination for <paramref name="length"/> bytes at index 8, guards around.</summary>
    public static byte[] Guarded(int length)
    {
        var destination = new byte[length + 16];
        destination.AsSpan().Fill(ByteGuard);
        return destination;
    }

    /// <summary>Asserts that nothing was written around <see cref="Guarded"/>'s range.</summary>
    public static void AssertGuards(byte[] destination, int length) =>
        Assert.That(destination.Take(8).Concat(destination.Skip(8 + length)), Is.All.EqualTo(ByteGuard), "nothing written around");

    /// <summary>A char destination for <paramref name="length"/> chars at index 8, guards around.</summary>
    public static char[] GuardedChars(int length)
    {
        var destination = new char[length + 16];
        destination.AsSpan().Fill(CharGuard);
        return destination;
    }

    /// <summary>Asserts that nothing was written around <see cref="GuardedChars"/>'s range.</summary>
    public static void AssertGuards(char[] destination, int length) =>
        Assert.That(destination.Take(8).Concat(destination.Skip(8 + length)), Is.All.EqualTo(CharGuard), "nothing written around");
}
