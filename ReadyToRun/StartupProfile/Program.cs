namespace NFX.ReadyToRun;

/// <summary>
/// NFX.StartupProfile: the start-up lists of ReadyToRun/ into crossgen2 profiles (ReadyToRun/README.md says when and why).
/// <code>
/// emit ASSEMBLY LIST OUT.mibc [REFERENCE...]   the profile of LIST's methods of ASSEMBLY (IL); lines it cannot place are
///                                              reported, not fatal (REFERENCEs: the assembly's references, for enums)
/// filter ASSEMBLY CANDIDATES [REFERENCE...]    prints the CANDIDATES lines that name methods of ASSEMBLY a profile can hold
/// read PROFILE.mibc [ASSEMBLY...]              prints the methods a profile names, one list line each
/// </code>
/// </summary>
internal static class Program
{
    private static int Main(string[] args)
    {
        if (args.Length >= 4 && args[0] == "emit")
        {
            MibcResult result;
            using (FileStream output = File.Create(args[3]))
                result = MibcWriter.Write(args[1], ListedMethod.LinesOf(File.ReadAllText(args[2])), output, args[4..]);
            Console.WriteLine($"{result.AssemblyName}: {result.Written.Length} of {result.Written.Length + result.Skipped.Length} listed methods in {args[3]}");
            foreach ((string line, string reason) in result.Skipped)
                Console.WriteLine($"  not in the profile ({reason}): {line}");
            return 0;
        }
        if (args.Length >= 3 && args[0] == "filter")
        {
            foreach (string line in MibcWriter.Write(args[1], ListedMethod.LinesOf(File.ReadAllText(args[2])), output: null, args[3..]).Written)
                Console.WriteLine(line);
            return 0;
        }
        if (args.Length >= 2 && args[0] == "read")
        {
            foreach ((string group, var methods) in MibcReader.Read(args[1], args[2..]))
            {
                Console.WriteLine("# group " + group);
                foreach (string method in methods)
                    Console.WriteLine(method);
            }
            return 0;
        }
        Console.Error.WriteLine("usage: NFX.StartupProfile emit ASSEMBLY LIST OUT.mibc [REFERENCE...] | filter ASSEMBLY CANDIDATES [REFERENCE...] | read PROFILE.mibc [ASSEMBLY...]");
        return 2;
    }
}
