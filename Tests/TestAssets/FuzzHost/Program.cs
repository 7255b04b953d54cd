using NFX.Tests.Fuzz;
using SharpFuzz;

// NFX.Slim.FuzzHost TARGET            run TARGET under afl-fuzz (SharpFuzz's out-of-process fork server)
// NFX.Slim.FuzzHost seeds DIR         write every target's seeds to DIR/TARGET/
// NFX.Slim.FuzzHost replay TARGET F.. run files through TARGET and print the verdicts (exit 1 on a finding)
// NFX.Slim.FuzzHost dictionary DIR    write every target's afl dictionary to DIR/TARGET.dict
if (args is ["seeds", string dir])
{
    foreach (FuzzTarget target in FuzzTargets.All)
    {
        string folder = Directory.CreateDirectory(Path.Combine(dir, target.Name)).FullName;
        foreach ((string name, byte[] input) in target.Seeds())
        {
            File.WriteAllBytes(Path.Combine(folder, name + ".bin"), input);
        }
    }
    return 0;
}
if (args is ["dictionary", string dictionaries])
{
    Directory.CreateDirectory(dictionaries);
    foreach (FuzzTarget target in FuzzTargets.All)
    {
        File.WriteAllText(Path.Combine(dictionaries, target.Name + ".dict"), FuzzDictionary.Format(target.DictionaryTokens()));
    }
    return 0;
}
if (args is ["replay", string replayed, .. string[] files])
{
    FuzzTarget target = FuzzTargets.Get(replayed);
    int findings = 0;
    foreach (string file in files)
    {
        try
        {
            target.Run(File.ReadAllBytes(file));
            Console.WriteLine($"ok       {file}");
        }
        catch (FuzzFindingException e)
        {
            findings++;
            Console.WriteLine($"FINDING  {file}: {e.Message}\n{e.InnerException}");
        }
    }
    return findings == 0 ? 0 : 1;
}
if (args is [string targetName] && FuzzTargets.Names.Contains(targetName))
{
    // The target is created on the first input, inside the fork server's child: instrumented code run in the parent,
    // before the coverage map is attached, would write through a null map.
    FuzzTarget? target = null;
    Fuzzer.OutOfProcess.Run(stream =>
    {
        using var copy = new MemoryStream();
        stream.CopyTo(copy);
        target ??= FuzzTargets.Get(targetName);
        target.Run(copy.ToArray());
    });
    return 0;
}
Console.Error.WriteLine("usage: NFX.Slim.FuzzHost TARGET | seeds DIR | replay TARGET FILE...");
Console.Error.WriteLine("targets: " + string.Join(", ", FuzzTargets.Names));
return 2;
