using NFX.Perf.Quick;

namespace NFX.Tests.Perf;

public sealed class ProgressTests
{
    [Test]
    public void Report_OnATerminal_RewritesOneLineInPlace()
    {
        using var error = new StringWriter();
        using var progress = new Progress(error, live: true, width: 80);

        progress.Report("perzon: MemoryPack: verifying a long step name");
        progress.Report("perzon: Orleans: warming up");

        string written = error.ToString();
        Assert.That(written, Does.Not.Contain('\n'));
        Assert.That(written.Split('\r', StringSplitOptions.RemoveEmptyEntries), Has.Length.EqualTo(2));
        // The second step covers what is left of the longer first one with spaces.
        Assert.That(written.Split('\r')[^1], Does.Contain("perzon: Orleans: warming up").And.EndWith("    "));
    }

    [Test]
    public void Report_Redirected_WritesOnePlainLinePerStep()
    {
        using var error = new StringWriter();
        using var progress = new Progress(error, live: false);

        progress.Report("first");
        progress.Report("second");

        string[] lines = error.ToString().Split(Environment.NewLine, StringSplitOptions.RemoveEmptyEntries);
        Assert.That(lines, Has.Length.EqualTo(2));
        Assert.That(lines[0], Does.EndWith("] first"));
        Assert.That(error.ToString(), Does.Not.Contain('\r'));
    }

    [Test]
    public void Report_LongerThanTheTerminal_IsCutSoItDoesNotWrap()
    {
        using var error = new StringWriter();
        using var progress = new Progress(error, live: true, width: 40);

        progress.Report(new string('x', 100));

        Assert.That(error.ToString().TrimStart('\r'), Has.Length.LessThan(40).And.EndWith("..."));
    }

    [Test]
    public void Around_WritingATable_ErasesTheLiveLineFirst()
    {
        using var error = new StringWriter();
        using var tables = new StringWriter();
        using var progress = new Progress(error, live: true, width: 80);
        TextWriter output = progress.Around(tables, sameTerminal: true);
        progress.Report("step");
        int shown = error.ToString().Length - 1;

        output.WriteLine("| table |");

        Assert.That(error.ToString(), Does.EndWith("\r" + new string(' ', shown) + "\r"));
        Assert.That(tables.ToString(), Is.EqualTo("| table |" + Environment.NewLine));
    }

    [Test]
    public void Note_StaysOnItsOwnLine()
    {
        using var error = new StringWriter();
        using var progress = new Progress(error, live: true, width: 80);

        progress.Report("step");
        progress.Note("docs/perf left as it is");

        Assert.That(error.ToString(), Does.EndWith("] docs/perf left as it is" + Environment.NewLine));
    }
}
